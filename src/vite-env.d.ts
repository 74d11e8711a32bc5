/// <reference types="vite/client" />

declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}

declare module 'virtual:basemap-cells' {
  /** The offline basemap's cells at street zoom: "south,west" → the asset's URL. */
  const cells: Readonly<Record<string, string>>;
  export default cells;
}
