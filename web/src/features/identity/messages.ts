/** Toast texts of username onboarding and sessions, word for word from spec 1 §5 and §8. */
export const SAVE_USERNAME_TOASTS = {
  success: { title: 'Welcome!', description: 'Your username has been set successfully.' },
  alreadySet: { title: 'Username already set', description: 'You already have a username configured.' },
  inappropriate: { title: 'Invalid username', description: 'Please choose a different username.' },
  invalid: { title: 'Invalid input', description: 'Please check your username and try again.' },
  rateLimited: { title: 'Too many requests', description: 'Please wait a moment before trying again.' },
  failed: { title: 'Error', description: 'Failed to save username. Please try again.' },
} as const;

/** Toasts of "Forget this device" (beyond the spec). */
export const FORGET_DEVICE_TOASTS = {
  forgotten: { title: 'Device forgotten', description: 'This browser now has a new anonymous session.' },
  failed: { title: 'Could not forget this device', fallback: 'Please try again.' },
} as const;
