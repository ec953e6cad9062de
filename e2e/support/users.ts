import type { Role } from '@mostrador/shared';

/** The users global-setup creates, one per role. */
export const USERS: Record<Role, { name: string; email: string; password: string }> = {
  // Passwords held to the rule (passwords.ts): 10+ characters, none of the name or the e-mail in them.
  Admin: { name: 'Ana Administradora', email: 'admin@e2e.mx', password: 'llave-maestra-e2e' },
  Manager: { name: 'Mario Gerente', email: 'gerente@e2e.mx', password: 'libro-cuentas-e2e' },
  Seller: { name: 'Sofía Vendedora', email: 'vendedora@e2e.mx', password: 'caja-mostrador-e2e' },
};

export const SESSION_KEY = 'mostrador.session';
