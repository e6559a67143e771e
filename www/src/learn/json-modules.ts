// Lesson files are JSON bundled with the page; their shape is checked by the engine's parser.
declare module '*.json' {
  const value: unknown;
  export default value;
}
