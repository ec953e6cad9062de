// Texts of the suppliers feature ('Proveedores').
const n = (value: number) => value.toLocaleString('es-MX');

export const suppliers = {
  title: 'Proveedores',
  create: 'Nuevo proveedor',
  createSubmit: 'Crear proveedor',
  createShortcut: 'Ctrl+K',
  editTitle: 'Editar proveedor',
  saveChanges: 'Guardar cambios',
  search: 'Buscar',
  searchPlaceholder: 'Nombre, RFC, teléfono o contacto',
  clear: 'Limpiar',
  count: (shown: number, total: number) =>
    shown === total
      ? `${n(total)} ${total === 1 ? 'proveedor' : 'proveedores'}`
      : `${n(shown)} de ${n(total)} proveedores`,
  empty: 'Aún no hay proveedores. Crea el primero con «Nuevo proveedor».',
  nothingFound: 'Ningún proveedor coincide con la búsqueda.',
  loadError: 'Error al cargar proveedores',
  actions: (name: string) => `Acciones de ${name}`,
  actionsColumn: 'Acciones',
  edit: 'Editar',
  disable: 'Deshabilitar',
  fields: {
    name: 'Nombre',
    rfc: 'RFC',
    phone: 'Teléfono',
    contact: 'Contacto',
    notes: 'Notas',
  },
  placeholders: {
    name: 'Abarrotes del Norte',
    rfc: 'Opcional',
    phone: '81 1234 5678',
    contact: 'A quién pedirle',
    notes: 'Días de visita, condiciones…',
  },
  created: 'Proveedor creado.',
  createFailed: 'No se pudo crear el proveedor.',
  updated: 'Proveedor actualizado.',
  updateFailed: 'No se pudo actualizar el proveedor.',
  disableTitle: 'Deshabilitar proveedor',
  disableQuestion: (name: string) => `¿Deshabilitar a ${name}?`,
  disableNote: 'Deja de aparecer en la lista y al registrar compras; sus compras se conservan.',
  disableSubmit: 'Deshabilitar',
  disabled: 'Proveedor deshabilitado.',
  disableFailed: 'No se pudo deshabilitar el proveedor.',
} as const;
