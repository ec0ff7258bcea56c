/**
 * The FMCSA datasets an upcoming event can come from, by source and name, with their
 * data.transportation.gov ids. The ids are the pipeline adapters' own (pipeline/adapters), which
 * the server may not import: test/foresight-rules.test.ts holds the two lists equal.
 */
export type EventSource = 'legacy' | 'motus' | 'census';

/** `${source}:${dataset}` → the dataset's ids (Motus: All-With-History, then Daily Difference). */
export const DATASET_IDS: Readonly<Record<string, readonly string[]>> = {
  'legacy:Carrier': ['6eyk-hxee'],
  'legacy:Revocation': ['sa6p-acbp'],
  'legacy:ActPendInsur': ['qh9u-swkp'],
  'legacy:Insur': ['ypjt-5ydn'],
  'legacy:InsHist': ['6sqe-dvqs'],
  'motus:Carrier': ['inys-ebih', 'nakq-58th'],
  'motus:RevokeSuspend': ['wb4f-neki', 'e67p-xyd5'],
  'motus:Insur': ['c5y8-a4uz', 'x96h-evps'],
  'motus:InsHist': ['3uet-3z4i', 'xe5s-wca7'],
  // The census a run reads is one of the two (Company Census, or the SMS census).
  'census:Census': ['az4n-8mr2', 'kjg3-diqy'],
};

/** The ids of `dataset` from `source`; [] for a pair this table does not know (never thrown: an answer must not fail on a label). */
export const datasetIds = (source: EventSource, dataset: string): string[] => [...(DATASET_IDS[`${source}:${dataset}`] ?? [])];
