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
  pageFailedTitle: 'No se pudo mostrar esta página',
  pageFailedDetail:
    'Puede que la aplicación se haya actualizado o que se perdiera la conexión. Recarga la página para continuar.',
  reload: 'Recargar',
} as const;
