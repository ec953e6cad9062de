// Texts of the cash drawer (turnos de caja) and of the payment method.
import type { PaymentMethod } from '@mostrador/shared';

export const cash = {
  title: 'Caja',
  subtitle: 'Tu turno de caja: fondo inicial, entradas y salidas de efectivo y el corte al cerrar.',
  loadError: 'No se pudo cargar la caja',
  tabs: { shift: 'Mi turno', history: 'Historial de turnos' },

  open: {
    title: 'Abrir caja',
    hint: 'No tienes un turno abierto. Cuenta el efectivo con el que empiezas y ábrelo.',
    float: 'Fondo inicial',
    floatRequired: 'Indica el fondo inicial (puede ser $0).',
    floatNegative: 'El fondo inicial no puede ser negativo.',
    submit: 'Abrir caja',
    done: 'Caja abierta.',
    failed: 'No se pudo abrir la caja.',
    atCounter: 'Abre la caja antes de cobrar en efectivo: cuenta el fondo inicial y pulsa Enter.',
    skip: 'Cobrar sin abrir caja',
  },

  current: {
    openedBy: (name: string, at: string) => `Turno de ${name} · abierto el ${at}`,
    openBadge: 'Abierto',
    closedBadge: 'Cerrado',
    figures: 'Efectivo del turno',
    openingFloat: 'Fondo inicial',
    cashSales: 'Ventas en efectivo',
    cashPayments: 'Abonos en efectivo',
    cashRefunds: 'Devoluciones',
    entradas: 'Entradas',
    salidas: 'Salidas',
    expected: 'Efectivo esperado',
    blindHint:
      'Conteo a ciegas: el efectivo esperado se muestra cuando confirmes el cierre. Cuenta la caja sin compararla.',
    expectedHint:
      'Fondo + ventas y abonos en efectivo − devoluciones + entradas − salidas. El cambio entregado no cuenta.',
    byMethod: 'Cobrado por forma de pago',
    movements: 'Entradas y salidas',
    noMovements: 'Sin entradas ni salidas de efectivo en este turno.',
    movementColumns: { time: 'Hora', type: 'Tipo', amount: 'Monto', note: 'Nota' },
    entrada: 'Entrada',
    salida: 'Salida',
    close: 'Cerrar caja',
    refresh: 'Actualizar',
  },

  movement: {
    title: (type: string) => `Registrar ${type.toLowerCase()} de efectivo`,
    entradaHint: 'Efectivo que entra a la caja sin ser venta (por ejemplo, cambio traído del banco).',
    salidaHint: 'Efectivo que sale de la caja (por ejemplo, un pago a proveedor o un retiro).',
    amount: 'Monto',
    amountRequired: 'Indica el monto.',
    amountPositive: 'El monto debe ser mayor que 0.',
    note: 'Nota',
    notePlaceholder: 'Ej. Pago al proveedor de refrescos',
    noteRequired: 'La nota es obligatoria.',
    submit: 'Registrar',
    done: (type: string) => `${type} registrada.`,
    failed: 'No se pudo registrar el movimiento.',
  },

  drawerChoice: {
    title: 'Elige la caja',
    label: 'Cajas abiertas',
    option: (name: string, openedAt: string) => `Caja de ${name} (abierta el ${openedAt})`,
    confirm: 'Usar esta caja',
  },

  close: {
    title: 'Cerrar caja',
    mode: 'Cómo contar',
    byDenomination: 'Por billetes y monedas',
    byTotal: 'Solo el total',
    bills: 'Billetes',
    coins: 'Monedas',
    pieces: (label: string, kind: 'bill' | 'coin') => `${kind === 'bill' ? 'Billetes' : 'Monedas'} de ${label}`,
    countedTotal: 'Total contado',
    countedTotalRequired: 'Indica el total contado (puede ser $0).',
    countedNegative: 'El total contado no puede ser negativo.',
    countInvalid: 'Entero de 0 a 100,000.',
    live: 'Total contado',
    expected: 'Efectivo esperado',
    difference: 'Diferencia',
    warning: 'Cuenta todo el efectivo de la caja. La diferencia con el esperado se guarda tal cual: no se ajusta.',
    submit: 'Cerrar caja',
    confirmTitle: 'Confirmar cierre',
    confirm: (counted: string) =>
      `¿Cerrar la caja con ${counted} contados? Ya no podrás registrar movimientos en este turno.`,
    confirmLabel: 'Cerrar caja',
    done: 'Caja cerrada.',
    failed: 'No se pudo cerrar la caja.',
  },

  result: {
    title: 'Turno cerrado',
    counted: 'Efectivo contado',
    expected: 'Efectivo esperado',
    difference: 'Diferencia',
    labels: { Sobrante: 'Sobrante', Faltante: 'Faltante', Exacto: 'Exacto' },
    explain: {
      Sobrante: (amount: string) => `Hay ${amount} más de lo esperado en la caja.`,
      Faltante: (amount: string) => `Faltan ${amount} en la caja.`,
      Exacto: () => 'El efectivo contado coincide con el esperado.',
    },
    counts: 'Conteo',
    print: 'Imprimir resumen',
    printed: 'El resumen se envió a la impresora.',
    printFailed: 'No se pudo imprimir el resumen del turno.',
    openNew: 'Abrir otro turno',
  },

  history: {
    title: 'Historial de turnos',
    from: 'Desde',
    to: 'Hasta',
    user: 'Usuario',
    allUsers: 'Todos los usuarios',
    empty: 'No hay turnos en estas fechas.',
    loadError: 'No se pudo cargar el historial de turnos',
    loadMore: 'Cargar más',
    columns: {
      user: 'Usuario',
      opened: 'Apertura',
      closed: 'Cierre',
      expected: 'Esperado',
      counted: 'Contado',
      difference: 'Diferencia',
      result: 'Resultado',
      pdf: 'PDF',
    },
    stillOpen: 'Abierto',
    openPdf: (id: number) => `Abrir el PDF del turno #${id}`,
    pdfFailed: 'No se pudo abrir el PDF del turno.',
  },
} as const;

/** The payment method control's texts. */
export const paymentMethod = {
  label: 'Forma de pago',
  names: { Efectivo: 'Efectivo', Tarjeta: 'Tarjeta', Transferencia: 'Transferencia' } satisfies Record<
    PaymentMethod,
    string
  >,
} as const;
