/** The icon sprite's address, from the wfm-icon-sprite Vite plugin (build/icon-sprite.ts). */
declare module 'virtual:icon-sprite' {
  const spriteUrl: string;
  export default spriteUrl;
}
