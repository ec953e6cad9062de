// Texts of the Respaldos page.
export const backups = {
  title: 'Respaldos',
  subtitle: (hours: number, keep: number) =>
    hours > 0
      ? `Se respalda automáticamente cada ${hours} h y se conservan los ${keep} respaldos más recientes.`
      : `Los respaldos automáticos están desactivados; se conservan los ${keep} más recientes.`,
  create: 'Respaldar ahora',
  created: 'Respaldo creado.',
  createFailed: 'Hubo un problema al respaldar.',
  loadError: 'Error al cargar los respaldos',
  empty: 'Aún no hay respaldos.',
  emptyHint: 'Pulsa «Respaldar ahora» para crear el primero.',
  name: 'Archivo',
  kind: 'Tipo',
  date: 'Fecha',
  size: 'Tamaño',
  download: 'Descargar',
  downloadLabel: (name: string) => `Descargar ${name}`,
  downloadFailed: 'Hubo un problema al descargar el respaldo.',
  restoreHint:
    'Para restaurar un respaldo detén Mostrador y ejecuta npm run restore -- ARCHIVO; la base de datos actual se conserva al lado.',
  postgresTitle: 'Esta instalación usa PostgreSQL',
  postgres:
    'Los respaldos de PostgreSQL se hacen con pg_dump en el servidor de la base de datos (por ejemplo pg_dump -Fc -f mostrador.dump "$DATABASE_URL") y se restauran con pg_restore. El README tiene la receta completa.',
} as const;
