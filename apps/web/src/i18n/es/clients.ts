// Texts of the clients feature. The detail page's English texts ('Client not found.' …) are the
// product's own, kept as they are.
const n = (value: number) => value.toLocaleString('es-MX');

export const clients = {
  title: 'Clientes',
  create: 'Crear cliente',
  createSubmit: 'Crear cliente',
  createShortcut: 'Ctrl+K',
  search: 'Buscar',
  searchPlaceholder: 'Nombre o apellido',
  clear: 'Limpiar',
  count: (shown: number, total: number) =>
    shown === total ? `${n(total)} ${total === 1 ? 'cliente' : 'clientes'}` : `${n(shown)} de ${n(total)} clientes`,
  showMore: (remaining: number) => `Mostrar más (${n(remaining)} restantes)`,
  empty: 'Sin clientes.',
  loadError: 'Error al cargar clientes',
  clientNumber: (id: number) => `Cliente #${id}`,
  disabledBadge: 'Deshabilitado',
  actions: (name: string) => `Acciones de ${name}`,
  edit: 'Editar',
  remove: 'Eliminar',
  back: 'Clientes',

  fields: {
    firstName: 'Nombre',
    lastName: 'Apellido',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    address: 'Dirección',
  },
  placeholders: {
    firstName: 'Nombre(s)',
    lastName: 'Apellido(s)',
    phone: '81 1234 5678',
    email: 'correo@ejemplo.com',
    address: 'Calle, número, colonia, ciudad',
  },

  created: 'El cliente ha sido creado correctamente.',
  createFailed: 'Hubo un problema al crear al cliente. Inténtelo de nuevo.',

  editTitle: 'Editar cliente',
  saveChanges: 'Guardar cambios',
  updated: 'El cliente ha sido actualizado correctamente.',
  updateFailed: 'Hubo un problema al actualizar el cliente. Inténtelo de nuevo.',

  disableTitle: 'Deshabilitar cliente',
  disableQuestion: (name: string) => `¿Deseas deshabilitar al cliente ${name}?`,
  disableNote: 'Dejará de aparecer en la lista de clientes y al crear remisiones; su historial se conserva.',
  disableSubmit: 'Deshabilitar',
  disabled: 'El cliente ha sido deshabilitado correctamente.',
  disableFailed: 'Hubo un problema al deshabilitar al cliente. Inténtelo de nuevo.',

  detail: {
    title: 'Cliente',
    receipts: (n: number) => `Receipts (${n})`,
    noReceipts: 'Este cliente aún no tiene remisiones.',
    refreshing: 'Actualizando…',
    notFound: 'Client not found.',
    missingId: 'Missing client id',
    idRequired: 'Client id is required.',
    loadError: 'Error fetching client',
  },
} as const;
