// Builds the browser app (www/) into dist/: one HTML page, the stylesheet, the app bundle, each
// game's engine (its wasm binary, emitted once as an asset: its loader and bots' forward model
// fetch the same address, plus its glue code, a chunk of its own), one worker chunk for the
// built-in bots, the bot host (bot-host.html) and the sample replays. Every URL in the output is relative, so dist/
// works from any static file server or sub-path.
//
// Content-Security-Policy: the app's policy is a <meta> in index.html (so any static host applies
// it) and, under `npm start`, also a header with what a <meta> cannot carry (frame-ancestors).
// The bot host has a policy of its own that allows no request at all; its one inline script is
// allowed by its SHA-256, computed here.
//
// Offline (production builds only): the service worker www/src/sw.ts is built as sw.js (a fixed
// name, so the browser finds each new version at the same address), and OfflineManifest writes
// into it the list of files to keep (every emitted file but source maps and itself) and a version
// hashed from all of them, so any change to the app is a new version of the worker.
const path = require('path');
const fs = require('fs');
const crypto = require('crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');

const www = path.resolve(__dirname, 'www');
const pkg = path.resolve(__dirname, 'pkg');

/** The SHA-256 of bot-host.html's one inline script as emitted (set when it is emitted), for the
 * app's policy: `'sha256-BOT_HOST_SCRIPT'` in APP_CSP stands for it until then. */
let botHostScript = null;

/** The app's policy. `connect-src` is open for what the page itself fetches from other origins
 * (bot modules' source after the person agrees, `?replay=` addresses); bots never fetch. */
const APP_CSP = [
  "default-src 'self'",
  // The bot host's script and its blob: worker: each bot's frame is bot-host.html given as
  // `srcdoc`, which keeps this policy on top of its own (its own still allows no request).
  // (blob: as well, for the module a bot's worker imports its code from: the worker keeps the
  // frame's policies; a blob: address can only be made by a script already running here.)
  "script-src 'self' 'wasm-unsafe-eval' 'sha256-BOT_HOST_SCRIPT' blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self' http: https: data: blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The app's policy with the bot host's script hash (once the bot host has been emitted). */
function appCsp() {
  if (botHostScript === null) botHostHtml(fs.readFileSync(path.join(www, 'static', 'bot-host.html'), 'utf8'));
  return APP_CSP.replace('sha256-BOT_HOST_SCRIPT', `sha256-${botHostScript}`);
}

/** bot-host.html with the SHA-256 of its inline script in its policy. */
function botHostHtml(text) {
  const m = /<script>([\s\S]*?)<\/script>/.exec(text);
  if (!m) throw new Error('bot-host.html has no inline script');
  const hash = crypto.createHash('sha256').update(m[1], 'utf8').digest('base64');
  botHostScript = hash;
  return text.replace('sha256-BOOT_HASH', `sha256-${hash}`);
}

/** The bot host's policy as sent in its <meta> (the dev server sends it as a header too, with
 * `sandbox`, so even opened on its own it runs in an opaque origin). */
function botHostCsp() {
  const html = botHostHtml(fs.readFileSync(path.join(www, 'static', 'bot-host.html'), 'utf8'));
  return /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)[1];
}

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  // Every game's engine package (scripts/build-wasm.sh writes pkg/games.json last).
  const games = fs.existsSync(path.join(pkg, 'games.json')) ? JSON.parse(fs.readFileSync(path.join(pkg, 'games.json'), 'utf8')) : [];
  const built = (id) => [id, `${id}-read`, `${id}-write`, `${id}-learn`, `${id}-sim`].every((p) => fs.existsSync(path.join(pkg, p, `${p}.js`)));
  const missing = games.length ? games.filter((id) => !built(id)) : ['games.json'];
  if (missing.length) {
    throw new Error(`pkg/ lacks ${missing.join(', ')}: build the engines first with \`npm run build:wasm\``);
  }
  const styles = path.join(www, 'src', 'styles.css');
  // The stylesheet is a file (the policy allows no inline style), named by its content.
  const stylesName = production
    ? `styles.${crypto.createHash('sha256').update(fs.readFileSync(styles)).digest('hex').slice(0, 8)}.css`
    : 'styles.css';
  return {
    mode: production ? 'production' : 'development',
    // The service worker only in production: the dev server's files change at every edit.
    entry: production
      ? { main: path.join(www, 'src', 'main.ts'), sw: path.join(www, 'src', 'sw.ts') }
      : { main: path.join(www, 'src', 'main.ts') },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: (data) => (data.chunk && data.chunk.name === 'sw' ? 'sw.js' : production ? '[name].[contenthash:8].js' : '[name].js'),
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      // Each game's binaries (pkg/<id>/<id>_bg.wasm, pkg/<id>-read/<id>-read_bg.wasm,
      // pkg/<id>-write/..., pkg/<id>-learn/..., pkg/<id>-sim/...), named after them.
      assetModuleFilename: production ? '[name].[contenthash:8][ext]' : '[name][ext]',
      publicPath: 'auto',
      clean: true,
    },
    // No eval-based source maps: the policy does not allow eval.
    devtool: 'source-map',
    resolve: {
      extensions: ['.ts', '.js'],
      alias: { 'halite-wasm': pkg },
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          include: www,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(www, 'index.html'),
        chunks: ['main'],
        publicPath: '',
        scriptLoading: 'defer',
        // A <link> in <head> blocks the first paint until the styles are in (no flash).
        templateParameters: () => ({ stylesHref: stylesName, csp: APP_CSP }),
        minify: production
          ? { collapseWhitespace: true, removeComments: true, minifyCSS: true, keepClosingSlash: true }
          : false,
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: path.join(www, 'static'), to: '.' },
          { from: styles, to: stylesName },
        ],
      }),
      {
        // The bot host's policy gets the hash of its inline script as finally emitted (after any
        // minifying), at the last stage of processing assets.
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('BotHostHash', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'BotHostHash', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
              const asset = compilation.getAsset('bot-host.html');
              if (!asset) return;
              const html = botHostHtml(asset.source.source().toString());
              compilation.updateAsset('bot-host.html', new compiler.webpack.sources.RawSource(html));
              // The app's policy (index.html) allows that script too, for the bot frames' srcdoc.
              const index = compilation.getAsset('index.html');
              if (index) {
                const page = index.source.source().toString().replace('sha256-BOT_HOST_SCRIPT', `sha256-${botHostScript}`);
                compilation.updateAsset('index.html', new compiler.webpack.sources.RawSource(page));
              }
            });
          });
        },
      },
      // shell/offline.ts registers the service worker only when this is true.
      new (require('webpack').DefinePlugin)({ OFFLINE_BUILD: JSON.stringify(production) }),
      {
        // The list of files the service worker keeps, and its version, written into sw.js after
        // every other change to the assets (the bot host's hash included).
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('OfflineManifest', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'OfflineManifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
              const sw = compilation.getAsset('sw.js');
              if (!sw) return;
              const files = compilation
                .getAssets()
                .map((a) => a.name)
                .filter((n) => n !== 'sw.js' && !n.endsWith('.map'))
                .sort();
              const hash = crypto.createHash('sha256');
              for (const name of files) {
                hash.update(name).update('\0').update(compilation.getAsset(name).source.buffer()).update('\0');
              }
              const build = JSON.stringify({ version: hash.digest('hex').slice(0, 16), files });
              const text = sw.source.source().toString();
              const slot = /(["'`])__OFFLINE_BUILD__\1/;
              if (!slot.test(text)) throw new Error('sw.js has no __OFFLINE_BUILD__ slot');
              compilation.updateAsset('sw.js', new compiler.webpack.sources.RawSource(text.replace(slot, () => JSON.stringify(build))));
            });
          });
        },
      },
      {
        // Rebuild when the stylesheet changes (webpack serve).
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('WatchStyles', (compilation) => {
            compilation.fileDependencies.add(styles);
          });
        },
      },
    ],
    performance: { hints: false },
    devServer: {
      host: 'localhost',
      port: 8080,
      hot: false,
      liveReload: true,
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      headers: { 'Cache-Control': 'no-store' },
      // The policies as headers: the app's with frame-ancestors (and the dev server's own live
      // reload socket), the bot host's with sandbox.
      setupMiddlewares: (middlewares) => {
        const host = `${botHostCsp()}; frame-ancestors 'self'; sandbox allow-scripts`;
        const app = () => `${appCsp().replace("connect-src 'self'", "connect-src 'self' ws://localhost:*")}; frame-ancestors 'none'`;
        middlewares.unshift({
          name: 'content-security-policy',
          middleware: (req, res, next) => {
            const p = (req.url || '').split('?')[0];
            res.setHeader('Content-Security-Policy', p.endsWith('/bot-host.html') ? host : app());
            next();
          },
        });
        return middlewares;
      },
    },
    stats: production ? 'normal' : 'minimal',
  };
};
