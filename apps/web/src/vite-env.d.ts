/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base used when the page is opened on a raw IPv4 address (spec §7); unset means same origin. */
  readonly VITE_API_BASE_IP?: string;
  /** API base used when the page is opened on a host name (spec §7); unset means same origin. */
  readonly VITE_API_BASE_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
