import type { Role, User } from '@mostrador/shared';
import { createContext, useContext } from 'react';

export type AuthStatus = 'restoring' | 'authenticated' | 'unauthenticated';

/** What pages need of the session: login function, error text, isAuthenticated flag, the user and sign-out. */
export interface AuthContextValue {
  status: AuthStatus;
  isAuthenticated: boolean;
  user: User | null;
  role: Role | null;
  error: string | null;
  login(email: string, password: string): Promise<boolean>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
