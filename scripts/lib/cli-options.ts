/** `--name N` or `--name=N` from the command line, checked by `accepts`; `fallback` when the option is absent. */
function numberOption(name: string, fallback: number, accepts: (value: number) => boolean, wanted: string): number {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return fallback;
  const value = Number(args[index]!.includes('=') ? args[index]!.split('=')[1] : args[index + 1]);
  if (!accepts(value)) throw new Error(`--${name} takes ${wanted}`);
  return value;
}

export const wholeNumberOption = (name: string, fallback: number) =>
  numberOption(name, fallback, (value) => Number.isInteger(value) && value >= 1, 'a whole number of at least 1');

export const positiveNumberOption = (name: string, fallback: number) =>
  numberOption(name, fallback, (value) => Number.isFinite(value) && value > 0, 'a number above 0');
