// Texts of the receipts feature. Many are product texts users and the e2e tests know: change them
// only on purpose, letter for letter.
import { CREDIT_NEEDS_CLIENT, CREDIT_NEEDS_CLIENT_TITLE, NO_CLIENT_NAME } from '@mostrador/shared';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('es-MX')} ${n === 1 ? one : many}`;

export const receipts = {
  title: 'Remisiones',
  today: 'Hoy',
  newReceipt: 'Nueva Remisión',
  shortcutsHint: 'Ctrl/⌘ + K: nueva remisión · Ctrl/⌘ + F: buscar',

  byNumber: {
    label: 'Buscar remisión por número',
    placeholder: 'Remisión #',
    submit: 'Buscar remisión',
    notFound: (n: number) => `No existe la remisión #${n}.`,
    failed: 'No se pudo buscar la remisión.',
  },

  tiles: { Paid: 'Pagadas', Pending: 'Pendientes', Cancelled: 'Canceladas' },
  tileFilterHint: 'Mostrar solo estas',

  filters: {
    title: 'Filtros y Búsqueda',
    searchLabel: 'Cliente',
    searchPlaceholder: 'Buscar por nombre del cliente',
    paymentModeLabel: 'Forma de pago',
    stateLabel: 'Estado',
    anyOption: 'Todas',
    dateModeLabel: 'Fecha',
    singleDay: 'Un día',
    range: 'Rango',
    dayLabel: 'Día',
    rangeLabel: 'Rango de fechas',
    includePending: 'Incluir remisiones pendientes (ignora fechas)',
    active: (n: number) => `Filtros activos: ${n}`,
    clearAll: 'Limpiar filtros',
    remove: (what: string) => `Quitar filtro ${what}`,
    badgeSearch: (text: string) => `Cliente: ${text}`,
    badgeMode: (mode: string) => `Pago: ${mode}`,
    badgeState: (state: string) => `Estado: ${state}`,
    badgeDates: (dates: string) => `Fecha: ${dates}`,
    badgeNoPending: 'Sin pendientes de otras fechas',
  },
  resultCount: (n: number) => plural(n, 'remisión', 'remisiones'),
  loadingMore: (n: number) => `Cargando remisiones… (${n.toLocaleString('es-MX')} hasta ahora)`,
  pageLabel: 'Páginas de remisiones',

  loadErrorToast: 'Error al cargar remisiones',
  loadError: 'Hubo un error al cargar los datos.',
  loadErrorHint: 'Reintentar o ajusta los filtros.',
  /** A Seller under SELLER_RECEIPTS=own-and-today: why the list holds fewer receipts than the shop's. */
  scopeOwnAndToday: 'Se muestran tus remisiones y todas las de hoy.',
  retry: 'Reintentar',
  empty: 'No hay remisiones para mostrar',
  emptyHint: 'Crea un nueva remisión o ajusta los filtros.',
  createReceipt: 'Crear remisión',

  card: {
    number: (id: number) => `Remisión #${id}`,
    date: 'Fecha',
    client: 'Cliente',
    paymentMode: 'Forma de pago',
    seller: 'Vendedor',
    columns: { product: 'Producto', quantity: 'Cantidad', price: 'Precio', total: 'Total' },
    total: 'Total',
    /** The taxes the total includes, as each line was split when sold. */
    subtotal: 'Subtotal',
    ieps: 'IEPS',
    iva: 'IVA',
    balance: 'Saldo',
    refunded: 'Devuelto',
    payments: (n: number) => `Pagos (${n})`,
    noPayments: 'Sin pagos registrados.',
    paymentCancelled: 'Cancelado',
    cancelPayment: 'Cancelar pago',
    actions: 'Acciones de la remisión',
    open: 'Ver remisión',
  },
  noClient: NO_CLIENT_NAME,

  actions: {
    addPayment: 'Registrar pago',
    cancel: 'Cancelar remisión',
  },

  detail: {
    back: 'Volver a remisiones',
    loading: 'Cargando remisión…',
    fetchError: 'Error fetching receipt',
    missingId: 'Missing receipt id',
    idRequired: 'Receipt id is required.',
    notFound: 'Receipt not found.',
  },

  create: {
    overLimitTitle: 'Límite de crédito excedido',
    overLimitQuestion: '¿Autorizas esta venta a crédito sobre el límite del cliente?',
    overLimitConfirm: 'Autorizar venta',
    title: 'Nueva Remisión',
    client: 'Cliente',
    clientPlaceholder: 'Selecciona un cliente',
    clientUnspecified: 'Sin especificar',
    clientCreateNew: '+ Crear nuevo cliente',
    clientNotFound: 'El cliente indicado no existe; selecciona otro.',
    paymentMode: 'Forma de pago',
    /** A Cash sale's Efectivo / Tarjeta / Transferencia ('Forma de pago' already names the mode here). */
    paymentMethod: 'Método de pago',
    date: 'Fecha',
    dateNow: 'Ahora',
    dateNowHint: 'La venta lleva la fecha y hora actuales.',
    items: 'Productos',
    enabled: 'Incluir',
    product: 'Producto',
    productPlaceholder: 'Buscar producto',
    quantity: 'Cantidad',
    price: 'Precio',
    lineTotal: 'Importe',
    stock: (quantity: string) => `Existencia: ${quantity}`,
    wholesale: 'Precio de mayoreo',
    addItem: 'Agregar producto',
    removeItem: 'Quitar producto',
    grandTotal: 'Total',
    printReceipt: 'Imprimir remisión',
    submit: 'Crear remisión',
    submitHint: 'Ctrl/⌘ + Enter: crear remisión',
    discardTitle: '¿Descartar la remisión?',
    discardText: 'Se perderá lo que capturaste en esta remisión.',
    discard: 'Descartar',
    keepEditing: 'Seguir capturando',
    creditNeedsClientTitle: CREDIT_NEEDS_CLIENT_TITLE,
    creditNeedsClient: CREDIT_NEEDS_CLIENT,
    reviewTitle: 'Revisa los productos marcados',
    reviewText: 'El asistente no pudo completar estas líneas. Corrígelas o quítalas antes de crear la remisión.',
    reviewDone: 'Listo',
    // What only the form checks; the rules of the sale itself and their messages are the shared contract's.
    errors: {
      product: 'Selecciona un producto.',
      unknownProduct: 'Producto no encontrado; elige uno de la lista.',
      review: 'Revisa esta línea.',
    },
    created: (id: number) => `La remisión #${id} ha sido creada correctamente.`,
    failed: 'Hubo un problema al crear el recibo. Inténtelo de nuevo.',
    lostAnswer:
      'La remisión pudo haberse creado. Presiona Crear remisión otra vez sin cambiarla: si ya se creó, verás la misma remisión y no se registrará dos veces.',
  },

  changeState: {
    title: (id: number) => `Cambiar estado de la remisión #${id}`,
    current: 'Estado actual',
    target: 'Nuevo estado',
    sameState: 'La remisión ya tiene ese estado. Elige otro.',
    unavailable: (state: string) => `${state} no disponible:`,
    cancelWarning:
      'Cancelar la remisión devuelve sus productos al inventario. Una remisión cancelada no se puede reactivar.',
    /** An invoiced receipt's cancellation (decision 098). */
    invoicedWarning: (invoice: string) =>
      `Su factura ${invoice} se cancela ante el SAT si es de este mes y solo de esta remisión; si no, se emite una nota de crédito.`,
    confirm: 'Cambiar estado',
    back: 'Volver',
    changed: (id: number, from: string, to: string) => `La remisión #${id} cambió de ${from} a ${to}.`,
    failed: 'Hubo un problema al cambiar el estado del recibo. Inténtelo de nuevo.',
    onlyCancel: 'un vendedor solo puede cancelar, con la autorización de un supervisor.',
  },

  payment: {
    title: (id: number) => `Registrar pago · Remisión #${id}`,
    balance: 'Saldo pendiente',
    amount: 'Monto',
    amountMax: 'El monto no puede ser mayor que el saldo.',
    coverBalance: 'Cubrir saldo',
    submit: 'Registrar pago',
    registered: 'El pago ha sido registrado correctamente.',
    failed: 'Hubo un problema al registrar el pago. Inténtelo de nuevo.',
  },

  cancelPayment: {
    title: 'Cancelar pago',
    question: (amount: string, id: number) => `¿Cancelar el pago de ${amount} de la remisión #${id}?`,
    irreversible: 'Esta acción no se puede deshacer.',
    confirm: 'Cancelar pago',
    back: 'Volver',
    cancelled: 'El pago ha sido cancelado correctamente.',
    failed: 'Hubo un problema al cancelar el pago. Inténtelo de nuevo.',
  },
} as const;
