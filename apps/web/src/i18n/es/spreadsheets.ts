// Texts of exporting lists and importing products and clients.
export const spreadsheets = {
  export: {
    button: 'Exportar',
    title: 'Exportar',
    what: 'Qué exportar',
    range: 'Fechas (opcional)',
    rangeHint: 'Sin fechas se exporta todo.',
    format: 'Formato',
    csv: 'CSV',
    xlsx: 'Excel',
    download: 'Descargar',
    failed: 'Hubo un problema al exportar. Inténtelo de nuevo.',
  },
  import: {
    button: 'Importar',
    title: { products: 'Importar productos', clients: 'Importar clientes', suppliers: 'Importar proveedores' },
    file: 'Archivo CSV o Excel',
    filePlaceholder: 'Elige un archivo',
    columns: {
      products:
        'Columnas: código, nombre, unidad, precio, existencia, código de barras, mínimo, a granel (código y nombre son obligatorias).',
      clients: 'Columnas: nombre, apellido, teléfono, correo, dirección (nombre es obligatoria).',
      suppliers: 'Columnas: nombre, RFC, teléfono, contacto, notas (nombre es obligatoria).',
    },
    others: 'También se aceptan los archivos exportados de eleventa, SICAR, Loyverse y Odoo.',
    review: 'Revisar archivo',
    reviewFailed: 'Hubo un problema al revisar el archivo.',
    summary: (rows: number, create: number, update: number) =>
      `${rows.toLocaleString('es-MX')} filas: ${create.toLocaleString('es-MX')} nuevas, ${update.toLocaleString('es-MX')} a actualizar.`,
    recognized: (columns: string) => `Columnas reconocidas: ${columns}.`,
    errorsTitle: (count: number) =>
      count === 1
        ? 'El archivo tiene 1 error; corrígelo y vuelve a revisarlo.'
        : `El archivo tiene ${count.toLocaleString('es-MX')} errores; corrígelos y vuelve a revisarlo.`,
    row: 'Fila',
    problem: 'Problema',
    moreErrors: (count: number) => `… y ${count.toLocaleString('es-MX')} errores más.`,
    ready: 'Sin errores. Nada se ha guardado todavía.',
    commit: (rows: number) => `Importar ${rows.toLocaleString('es-MX')} filas`,
    done: (created: number, updated: number) =>
      `Importación lista: ${created.toLocaleString('es-MX')} nuevos, ${updated.toLocaleString('es-MX')} actualizados.`,
    failed: 'No se importó nada.',
  },
} as const;
