// Browser tests start a server with its own PostgreSQL and a Chromium.
jest.setTimeout(120_000);
