export type BenchResult = {
  name: string;
  value: number;
  unit: string;
  reference?: { name: string; value: number };
  ratio?: number;
  target?: string;
  isMet?: boolean;
};
