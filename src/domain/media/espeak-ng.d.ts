// Types for the espeak-ng npm package (Emscripten MODULARIZE build; ships no declarations).
declare module 'espeak-ng' {
  export interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string | Uint8Array): void };
  }
  export interface ESpeakOptions {
    arguments: string[];
    print?: (s: string) => void;
    printErr?: (s: string) => void;
    instantiateWasm?: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
  }
  const ESpeakNg: (options: ESpeakOptions) => Promise<ESpeakModule>;
  export default ESpeakNg;
}
