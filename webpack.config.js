// Builds the browser app (www/) into dist/: one HTML page, the app bundle, the engine's wasm
// (loaded with one async import), one worker chunk for the built-in bots, and the sample replays.
// Every URL in the output is relative, so dist/ works from any static file server or sub-path.
const path = require('path');
const fs = require('fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');

const www = path.resolve(__dirname, 'www');
const pkg = path.resolve(__dirname, 'pkg');

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  if (!fs.existsSync(path.join(pkg, 'halite.js'))) {
    throw new Error('pkg/halite.js is missing: build the engine first with `npm run build:wasm`');
  }
  const styles = path.join(www, 'src', 'styles.css');
  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.join(www, 'src', 'main.ts') },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      webassemblyModuleFilename: production ? '[hash].wasm' : '[id].wasm',
      publicPath: 'auto',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
    experiments: { asyncWebAssembly: true },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(www, 'index.html'),
        publicPath: '',
        scriptLoading: 'defer',
        // The stylesheet is inlined so the first paint is already styled (no flash).
        templateParameters: () => ({ styles: fs.readFileSync(styles, 'utf8') }),
        minify: production
          ? { collapseWhitespace: true, removeComments: true, minifyCSS: true, keepClosingSlash: true }
          : false,
      }),
      new CopyWebpackPlugin({ patterns: [{ from: path.join(www, 'static'), to: '.' }] }),
      {
        // Rebuild when the inlined stylesheet changes (webpack serve).
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
    },
    stats: production ? 'normal' : 'minimal',
  };
};
