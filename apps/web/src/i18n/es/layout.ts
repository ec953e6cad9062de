export const layout = {
  nav: {
    receipts: 'Remisiones',
    products: 'Productos',
    reports: 'Reportes',
    invoices: 'Facturas',
    clients: 'Clientes',
    users: 'Usuarios',
    assistant: 'Asistente',
    backups: 'Respaldos',
    counter: 'Vender',
    cash: 'Caja',
    dashboard: 'Panel',
    settings: 'Configuración',
    purchases: 'Compras',
    suppliers: 'Proveedores',
  },
  toggleFullscreen: 'Pantalla completa',
  toggleColorScheme: 'Cambiar tema claro/oscuro',
  toggleNavigation: 'Mostrar u ocultar menú',
  settings: 'Configuración',
  logout: 'Cerrar Sesion',
  // Shown in Spanish; the API and the permission messages keep the role keys.
  roles: { Admin: 'Administrador', Manager: 'Gerente', Seller: 'Vendedor' },
} as const;

export const access = {
  deniedTitle: 'Access Denied',
  deniedText: 'Necesitas iniciar sesión para ver esta página.',
  goToLogin: 'Go to Login',
  wrongRoleTitle: 'Acceso restringido',
  wrongRole: (role: string, level: string, roles: string) =>
    `Tu rol (${role}) no tiene permiso para ver esta página. Permiso requerido: nivel ${level} (${roles}).`,
  missingFeatureTitle: 'Función no disponible',
  missingFeature: (feature: string) => `Esta página requiere el permiso ${feature}, que tu rol no tiene.`,
  goHome: 'Ir a Remisiones',
  notFound: 'Not Found',
  notFoundText: 'La página que buscas no existe.',
} as const;
