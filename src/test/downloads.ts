/**
 * Stubs what a file download needs that jsdom lacks (object URLs) or would try to follow (the
 * link's click); answers the click's spy, called once per download.
 */
export function stubDownloads() {
  URL.createObjectURL = jest.fn(() => 'blob:export');
  URL.revokeObjectURL = jest.fn();
  return jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}
