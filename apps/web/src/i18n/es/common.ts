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
  /** A write sent without an answer back (dropped connection, time-out): it may have been done. */
  lostAnswerTitle: 'No llegó la respuesta del servidor',
  pageFailedTitle: 'No se pudo mostrar esta página',
  pageFailedDetail:
    'Puede que la aplicación se haya actualizado o que se perdiera la conexión. Recarga la página para continuar.',
  reload: 'Recargar',
} as const;
