/**
 * Handler types derived from the generated contract types: a handler for operation K reads the
 * query/path/body shapes of K and answers with one of K's response bodies.
 */
import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import type { Services } from '../services.ts';

export type OperationId = keyof operations;

type Params<K extends OperationId> = operations[K]['parameters'];
export type QueryOf<K extends OperationId> = NonNullable<Params<K> extends { query?: infer Q } ? Q : never>;
export type PathOf<K extends OperationId> = Params<K> extends { path: infer P } ? P : never;
export type BodyOf<K extends OperationId> = NonNullable<operations[K]['requestBody']> extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;
/** The JSON body of response `S` of operation `K`. */
export type JsonOf<K extends OperationId, S extends keyof operations[K]['responses']> =
  operations[K]['responses'][S] extends { content: { 'application/json': infer B } } ? B : never;

type Handler = (req: Request, res: Response) => Promise<void> | void;
export type HandlerMap = Partial<Record<OperationId, Handler>>;
export type HandlerFactory = (services: Services) => HandlerMap;

/** The validated query of operation K (the validator has already checked and coerced it). */
export const queryOf = <K extends OperationId>(req: Request, _op: K) => req.query as unknown as QueryOf<K>;
export const pathOf = <K extends OperationId>(req: Request, _op: K) => req.params as unknown as PathOf<K>;
export const bodyOf = <K extends OperationId>(req: Request, _op: K) => (req.body ?? {}) as BodyOf<K>;
