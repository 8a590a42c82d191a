// The rspack configuration every browser app builds with (the shell and each dashboard remote), so
// that they agree on the one thing Module Federation needs them to agree on: the shared singletons.
// Each app's rspack.config.mjs calls createConfig() with what is its own (name, exposes, html, ...).
import { Console } from 'node:console';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

/** The version of an installed package, read from its package.json (found from its entry: not every package exports ./package.json). */
function installedVersion(pkg) {
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).name === pkg) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  throw new Error(`The package.json of ${pkg} was not found`);
}

/**
 * One copy of each in the page, whichever app loads first provides it. react-router is listed
 * because react-router-dom re-exports it: two copies would mean two router contexts, and a remote's
 * <Routes> would not see the shell's <BrowserRouter>. For the same reason @academy/web-session (one
 * session context, one in-memory access token) and sonner (one toast store for the shell's
 * <Toaster />) are singletons. Not eager: the apps start behind an async boundary (src/index.ts
 * imports ./bootstrap) so the federation runtime can negotiate first.
 */
export const sharedSingletons = Object.fromEntries(
  ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query', 'sonner', '@academy/web-session'].map((pkg) => [
    pkg,
    { singleton: true, eager: false, requiredVersion: `^${installedVersion(pkg)}` },
  ]),
);

/**
 * Rspack's infrastructure log, minus one notice: the federation manifest plugin warns that with
 * publicPath 'auto' a remote's files are resolved at run time from where its mf-manifest.json was
 * loaded. That is the design (the shell learns remote URLs from the API), not a defect; any other
 * warning still reaches stderr.
 */
function infrastructureConsole() {
  const stderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  const expected = (args) => args.join(' ').includes("Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'");
  return Object.assign(Object.create(stderr), { warn: (...args) => expected(args) || stderr.warn(...args) });
}

/** index.html with `markup` as #root's content (marked, so the app hydrates it rather than rendering anew). */
function withRoot(template, markup) {
  const root = /<div id="root">[\s\S]*?<\/div>(\s*<\/body>)/;
  if (!root.test(template)) throw new Error('src/index.html: no <div id="root">…</div> right before </body> to prerender into');
  return template.replace(root, (_, end) => `<div id="root" data-prerendered="landing">${markup}</div>${end}`);
}

/**
 * Builds `entry` (a module exporting functions) for Node into a temporary folder and imports it: how
 * the shell renders its landing page at build time with the same loaders as the browser build.
 */
export async function buildForNode({ dir, entry }) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'academy-prerender-'));
  try {
    const compiler = rspack({
      context: dir,
      mode: 'production',
      target: 'node22',
      entry: { prerender: entry },
      output: { path: out, filename: '[name].mjs', module: true, library: { type: 'module' }, chunkFormat: 'module' },
      experiments: { outputModule: true },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        conditionNames: ['@academy/source', '...'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
            type: 'javascript/auto',
          },
          // Styles are the browser build's: the markup only names classes.
          { test: /\.css$/, type: 'asset/source' },
        ],
      },
      optimization: { minimize: false, splitChunks: false },
      devtool: false,
      stats: 'errors-warnings',
      infrastructureLogging: { console: infrastructureConsole() },
    });
    const stats = await new Promise((resolve, reject) => compiler.run((err, s) => compiler.close(() => (err ? reject(err) : resolve(s)))));
    if (stats.hasErrors()) throw new Error(`prerender build failed:\n${stats.toString({ all: false, errors: true })}`);
    return await import(pathToFileURL(path.join(out, 'prerender.mjs')).href);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * @param {object} app
 * @param {string} app.dir          the app's folder (import.meta.dirname of its config)
 * @param {string} app.name         Module Federation name, an identifier (shell, dashboard_student)
 * @param {string} app.publicPath   '/' for the shell; 'auto' for a remote (served under /remotes/<dir>/)
 * @param {Record<string, string>} [app.exposes]  a remote's exposed modules
 * @param {boolean} [app.html]      emit dist/index.html (the shell)
 * @param {string} [app.prerendered] markup for #root of dist/landing.html (the shell's `/`), beside index.html
 */
export function createConfig({ dir, name, publicPath, exposes, html = false, prerendered }) {
  const production = process.env.NODE_ENV === 'production';
  const isRemote = Boolean(exposes);
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    target: ['web', 'es2022'],
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    // A remote is only its container (remoteEntry.js, added by the federation plugin): it is never a page.
    entry: isRemote ? {} : { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace libraries (@academy/ui, ...) are compiled from their TypeScript sources.
      conditionNames: ['@academy/source', '...'],
      // Node-style TS (libs/contracts) imports './x.js' for './x.ts'.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } } }],
          type: 'css',
        },
      ],
    },
    plugins: [
      html && new rspack.HtmlRspackPlugin({ template: './src/index.html', favicon: './src/favicon.svg', inject: 'body', scriptLoading: 'defer', minify: production }),
      // The same page with the landing page's markup in #root instead of the splash (served for `/` only).
      html &&
        prerendered !== undefined &&
        new rspack.HtmlRspackPlugin({
          filename: 'landing.html',
          templateContent: withRoot(readFileSync(path.join(dir, 'src/index.html'), 'utf8'), prerendered),
          // Its <link rel="icon"> (without it the browser asks for /favicon.ico: a 404 on every visit).
          favicon: './src/favicon.svg',
          inject: 'body',
          scriptLoading: 'defer',
          // Not minified: the minifier reorders class lists, and hydration compares React's markup.
          minify: false,
        }),
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
        // The shell knows no remote at build time: it reads them from GET /api/federation/manifest.
        remotes: {},
        shared: sharedSingletons,
        // A remote publishes dist/mf-manifest.json; the shell needs none.
        manifest: isRemote,
        // Type generation would run tsc on every build; `npm run typecheck` covers the types.
        dts: false,
      }),
    ].filter(Boolean),
    performance: { hints: production ? 'error' : false, maxEntrypointSize: 400_000, maxAssetSize: 400_000 },
    stats: 'errors-warnings',
    infrastructureLogging: { console: infrastructureConsole() },
  };
}
