/** Made by build/locale-bundles-plugin.ts: each language's bundles, one dynamic import each. */
declare module 'virtual:locale-bundles' {
  export const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, string> }>>>;
}
