// The API project's one timeout, for every test and hook of every file (Jest ignores a
// project's own testTimeout when it runs several projects). API tests start apps and databases on
// a shared machine, the fuzz suite sends thousands of requests, and the slowest tests run
// `npm start` (a console build and a new PostgreSQL cluster) more than once.
jest.setTimeout(300_000);
