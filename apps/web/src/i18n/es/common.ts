export const common = {
  appName: 'Mostrador',
  success: 'Éxito',
  error: 'Error',
  warning: 'Atención',
  cancel: 'Cancelar',
  save: 'Guardar',
  retry: 'Reintentar',
  loading: 'Cargando…',
  close: 'Cerrar',
  clear: 'Borrar',
  pageControls: {
    first: 'Primera página',
    previous: 'Página anterior',
    next: 'Página siguiente',
    last: 'Última página',
  },
  networkError: 'Network or server error',
} as const;
