export const common = {
  appName: 'Mostrador',
  success: 'Éxito',
  error: 'Error',
  warning: 'Atención',
  cancel: 'Cancelar',
  save: 'Guardar',
  retry: 'Reintentar',
  loading: 'Cargando…',
  networkError: 'Network or server error',
} as const;
