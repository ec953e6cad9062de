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
    creditLimit: 'Límite de crédito',
    creditDays: 'Plazo (días)',
  },
  placeholders: {
    firstName: 'Nombre(s)',
    lastName: 'Apellido(s)',
    phone: '81 1234 5678',
    email: 'correo@ejemplo.com',
    address: 'Calle, número, colonia, ciudad',
    creditLimit: 'Sin límite',
  },
  creditTermsByManager: 'El límite de crédito y el plazo los fija un administrador o gerente.',

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

  credit: {
    balance: 'Saldo',
    overdue: 'Vencido',
    available: 'Crédito disponible',
    noLimit: 'Sin límite',
    limit: (amount: string) => `Límite ${amount}`,
    days: (days: number) => `Plazo ${days} ${days === 1 ? 'día' : 'días'}`,
    loadError: 'No se pudo cargar el crédito del cliente.',
    summaryLabel: 'Crédito del cliente',
  },

  payment: {
    open: 'Registrar abono',
    title: 'Registrar abono',
    amount: 'Monto',
    note: 'Nota',
    notePlaceholder: 'Opcional',
    owed: (amount: string) => `Saldo del cliente: ${amount}`,
    payAll: 'Cubrir saldo',
    submit: 'Registrar abono',
    done: (amount: string, count: number) =>
      `Abono de ${amount} registrado en ${count} ${count === 1 ? 'remisión' : 'remisiones'}.`,
    failed: 'No se pudo registrar el abono.',
    lostAnswer:
      'No llegó la respuesta del servidor y el abono pudo haberse registrado. Presiona Registrar abono otra vez sin cambiarlo: no se contará dos veces.',
  },

  statement: {
    title: 'Estado de cuenta',
    period: 'Periodo',
    from: 'Desde',
    to: 'Hasta',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    overdue: 'Vencido',
    date: 'Fecha',
    concept: 'Concepto',
    amount: 'Importe',
    balance: 'Saldo',
    empty: 'Sin movimientos en el periodo.',
    loadError: 'No se pudo cargar el estado de cuenta.',
    pdf80: 'PDF 80 mm',
    pdfLetter: 'PDF carta',
    pdfFailed: 'No se pudo descargar el PDF.',
    share: 'Compartir por WhatsApp',
    shareFailed: 'No se pudo crear el enlace para compartir.',
    noPhone: 'El cliente no tiene un teléfono de 10 dígitos.',
    shareText: (name: string, balance: string, url: string) =>
      `Hola ${name}, este es tu estado de cuenta. Saldo: ${balance}. Consúltalo aquí (válido 7 días): ${url}`,
    sharedTitle: 'Estado de cuenta',
    sharedInvalid: 'No se puede abrir este estado de cuenta.',
    sharedValidUntil: (date: string) => `Enlace válido hasta el ${date}`,
    periodText: (from: string, to: string) => `Del ${from} al ${to}`,
  },

  links: {
    title: 'Enlaces compartidos',
    loadError: 'No se pudieron cargar los enlaces compartidos.',
    sharedBy: (date: string, name: string | null) =>
      name ? `Compartido el ${date} por ${name}` : `Compartido el ${date}`,
    expires: (date: string) => `Vence el ${date}`,
    revokedBy: (date: string, name: string | null) =>
      name ? `Revocado el ${date} por ${name}` : `Revocado el ${date}`,
    states: { active: 'Vigente', revoked: 'Revocado', expired: 'Vencido' },
    revoke: 'Revocar enlace',
    revokeLabel: (period: string) => `Revocar enlace (${period})`,
    revoked: 'Enlace revocado: ya no abre el estado de cuenta.',
    revokeFailed: 'No se pudo revocar el enlace.',
  },
} as const;
