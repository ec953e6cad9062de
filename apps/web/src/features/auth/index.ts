// What other features use of auth: the signed-in user and their permissions.
export { useAuth } from './auth-context';
