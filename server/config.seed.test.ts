import { readConfig } from './config';

/** The demo data, with its published demo password, never goes into a database named by URL unasked. */
describe('SEED default', () => {
  it('is demo for the embedded database', () => {
    expect(readConfig({}).seed).toBe('demo');
  });

  it('is none when DATABASE_URL is set', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db.example/medref' }).seed).toBe('none');
  });

  it('loads the demo data into a DATABASE_URL only when asked', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db.example/medref', SEED: 'demo' }).seed).toBe(
      'demo',
    );
  });
});
