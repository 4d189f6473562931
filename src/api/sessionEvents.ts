import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched by the base query when the server answers 401 to anything but the login call: the
 * token is missing, forged, expired or revoked. The auth slice ends the session (and its listener
 * clears storage); the route guards then send the browser to /login.
 */
export const sessionRejected = createAction('api/sessionRejected');
