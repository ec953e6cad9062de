/** The supervisors feature's query keys. */
export const supervisorKeys = {
  all: ['supervisors'] as const,
  pin: () => [...supervisorKeys.all, 'pin'] as const,
};
