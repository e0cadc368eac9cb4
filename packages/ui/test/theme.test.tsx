import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle, THEME_STORAGE_KEY, useDocumentTheme } from '../src/index.ts';

function App() {
  useDocumentTheme();
  return <ThemeToggle />;
}

describe('theme', () => {
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('defaults to dark on the document root', () => {
    render(<App />);
    expect(document.documentElement).toHaveClass('dark');
  });

  it('toggles and persists under "theme"', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveClass('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('applies a stored light theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(<App />);
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
