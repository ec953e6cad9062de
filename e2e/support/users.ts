import type { Role } from '@mostrador/shared';

/** The users global-setup creates, one per role. */
export const USERS: Record<Role, { name: string; email: string; password: string }> = {
  Admin: { name: 'Ana Administradora', email: 'admin@e2e.mx', password: 'admin-e2e-2026' },
  Manager: { name: 'Mario Gerente', email: 'gerente@e2e.mx', password: 'gerente-e2e-2026' },
  Seller: { name: 'Sofía Vendedora', email: 'vendedora@e2e.mx', password: 'vendedora-e2e-2026' },
};

export const SESSION_KEY = 'mostrador.session';
