// The auth module's public entry beyond its service: the attempt throttle sign-ins use, for the
// other secrets typed at the till (a supervisor's password or PIN).
export {
  type AttemptThrottle,
  createAttemptThrottle,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
} from './throttle.js';
