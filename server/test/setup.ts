// API tests start apps and databases, and the fuzz suite sends thousands of requests.
jest.setTimeout(60_000);
