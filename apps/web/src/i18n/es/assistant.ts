// Texts of the assistant feature. Many are product texts users and the e2e tests know: change them
// only on purpose, letter for letter.

const count = (n: number, one: string, many: string) => `${n.toLocaleString('es-MX')} ${n === 1 ? one : many}`;

export const assistant = {
  title: 'Asistente',
  subtitle: 'Dicta una remisión por voz: el asistente llena el formulario y tú lo revisas y lo confirmas.',
  createReceipt: 'Crear Remisión',
  refresh: 'Refrescar datos',
  refreshed: 'Los productos y clientes del asistente están actualizados.',
  call: 'Llamar Asistente',
  modalTitle: 'Realtime Assistant',

  status: {
    idle: 'Inactivo',
    connecting: 'Conectando…',
    connected: 'Conectado',
    error: 'Error',
  },
  statusLabel: 'Estado de la sesión',

  howTo: {
    title: 'Cómo funciona',
    steps: [
      'Pulsa «Llamar Asistente» y espera a que diga «Conectado».',
      'Mantén presionado el botón del micrófono (o la barra espaciadora) mientras hablas; suéltalo al terminar.',
      'Di el cliente, la forma de pago y cada producto con su cantidad y precio.',
      'El asistente abre el formulario de la remisión ya lleno. Revísalo y pulsa «Crear remisión»: nada se vende sin ese clic.',
    ],
  },

  catalog: {
    title: 'Datos del asistente',
    hint: 'El asistente conoce estos productos y clientes. Si cambian, pulsa «Refrescar datos».',
    products: (n: number) => count(n, 'producto', 'productos'),
    clients: (n: number) => count(n, 'cliente', 'clientes'),
    productsError: 'Error al cargar productos',
    clientsError: 'Error al cargar clientes',
  },

  session: {
    talk: 'Mantén presionado para hablar',
    talking: 'Te escucho… suelta para terminar',
    talkHint: 'También puedes mantener presionada la barra espaciadora.',
    micOn: 'Micrófono abierto',
    micOff: 'Micrófono cerrado',
    typedLabel: 'O escríbele',
    typedPlaceholder: 'Por ejemplo: 3 cajas de clavos a 120 pesos, en efectivo',
    send: 'Enviar',
    conversation: 'Conversación',
    empty: 'Aún no hay mensajes.',
    you: 'Tú',
    assistant: 'Asistente',
    providerError: 'Proveedor',
    retry: 'Reintentar',
  },

  // What the voice session says when it cannot start or goes down.
  errors: {
    startFailed: 'No se pudo iniciar la sesión en vivo.',
    noToken: 'No ephemeral token in response',
    sdpFailed: (status: number, body: string) => `SDP exchange failed: ${status} ${body}`,
    connectionFailed: 'Conexión fallida',
    connectionClosed: 'Conexión cerrada',
    microphoneDenied: 'El navegador no dio permiso para usar el micrófono. Permítelo e inténtalo de nuevo.',
    microphoneMissing: 'No se encontró un micrófono en este equipo.',
    insecureContext: 'El navegador solo permite el micrófono en páginas seguras (HTTPS o localhost).',
  },

  // What the create_receipt tool answers the model when it cannot act.
  tool: {
    invalidJson: 'Invalid arguments JSON',
    unknownTool: (name: string) => `Unknown tool: ${name}`,
  },
} as const;
