/**
 * Imported first by the server entry, so Express and React see it before they load: the server
 * runs as production (no stack traces, React's production build) unless a developer asks for
 * `NODE_ENV=development`. A test runner's `NODE_ENV=test` gets production too, so tests see what ships.
 */
if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';
