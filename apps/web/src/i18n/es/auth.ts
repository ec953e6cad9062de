export const auth = {
  emailLabel: 'Correo electrónico',
  emailPlaceholder: 'Ingresa tu correo electrónico',
  passwordLabel: 'Contraseña',
  passwordPlaceholder: 'Ingresa tu contraseña',
  submit: 'Iniciar sesión',
  subtitle: 'Inicia sesión para continuar',
  loginFailed: 'Login failed',
  invalidLoginResponse: 'Invalid login response format',
} as const;
