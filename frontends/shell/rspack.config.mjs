import { createConfig } from '../rspack.shared.mjs';

export default createConfig({ dir: import.meta.dirname, name: 'shell', publicPath: '/', html: true });
