// GENERATED FILE: DO NOT EDIT. Source: openapi.yaml. Regenerate with `npm run gen:types`.
/* eslint-disable */
export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Liveness and dependency checks. Not rate limited; an API key is ignored. 200 when the
         *     database answers (`status: ok`); 503 with the same body (`status: degraded`,
         *     `checks.database.status: down`) when it does not. Recovers by itself when the database
         *     returns.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Data freshness and horizons
         * @description Freshness of the served data and the horizons of the history features. Before the first
         *     ETL run the timestamps and `latest_etl_run_id` are null and the counts 0. Not rate limited;
         *     an API key is ignored.
         */
        get: operations["getMeta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search carriers
         * @description Text, filter and geo search with pagination. All filters combine with AND; blank `q`,
         *     `city`, `cargo`, `officer`, `phone` and `email` are ignored.
         *
         *     Geo rules: `lat` and `lon` must be given together (one without the other → 400
         *     `INVALID_PARAM`); `radius` applies only to geo searches. Every carrier in a state shares
         *     one point, the state centroid, so a radius smaller than a state returns few or no results
         *     (practical floor about 200 miles); `state` and `city` filter more tightly. Geo rows carry
         *     `distance_miles`. `sort=distance*` without `lat`/`lon` → 400 `INVALID_PARAM`;
         *     `fleet_min` greater than `fleet_max` → 400 `INVALID_PARAM`.
         *
         *     Order: `sort` when given; otherwise by distance for geo searches, by relevance for text
         *     searches (`q`) and by legal name otherwise. Relevance: first the carriers whose legal or
         *     DBA name equals `q` or starts with it, in the order of that name (an equal name first),
         *     then the other matches by legal name. Ties are broken by `dot_number` ascending (within
         *     relevance, by legal name first). A page past the end answers 200 with empty `data`.
         */
        get: operations["searchCarriers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bulk lookup by USDOT number
         * @description Core profiles (no safety, insurance, risk score or related companies) for up to 50 DOT
         *     numbers. More than 50, or an entry that is not 1–8 digits → 400 `INVALID_PARAM`.
         *     Duplicates are ignored; DOT numbers that match nothing are simply absent. Each matched
         *     carrier appears once, in the order of its first appearance in the request. Inactive
         *     carriers are included.
         */
        post: operations["bulkCarriers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/bulk-by-mc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bulk lookup by MC number
         * @description Core profiles for up to 500 MC numbers, sent bare (no `MC` prefix; leading zeros
         *     ignored). Blank entries and duplicates are ignored; more than 500 entries, or a non-blank
         *     entry that is not 1–8 digits → 400 `INVALID_PARAM`. Results are not filtered by status:
         *     inactive carriers resolve. `data` holds each matched carrier once, in request order;
         *     `not_found` lists, once each and as sent, the numbers that matched nothing.
         */
        post: operations["bulkCarriersByMc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Full carrier profile
         * @description The core profile plus entity type, safety and insurance summaries, pending revocations,
         *     related companies and the default-policy risk score (computed by the nightly run, cached).
         *     Unknown DOT → 404 `NOT_FOUND`.
         *
         *     `contact_tenure` (beyond the spec): days since the phone, e-mail, physical address and
         *     officers last changed and their changes in the last 90 and 365 days, read from the
         *     carrier's history and counted to the served run's batch date, or to `as_of` (schema
         *     `ContactTenure`). Besides each run, the ETag also changes when the 52-week retention
         *     prunes history versions that the carrier's tenure read.
         *
         *     With `as_of` the answer is the carrier as of the end of that day (UTC): every profile
         *     field (identity, authority, insurance, and the rest of the snapshot) is the version the
         *     newest run on or before that date served, read from the history the service keeps; the
         *     response then omits `risk_score`, carries `as_of`, and `related_companies` is `[]` (not
         *     reconstructed); `etl_run_id`/`data_as_of` name the run the reconstruction was read from.
         *     `as_of` before the data horizon (`etl_changes_horizon` in meta), in the future, not a real
         *     calendar date, or any `as_of` while no run is in the feed → 400 `INVALID_PARAM`, the
         *     message names the horizon; a carrier that did not exist on that date → 404 `NOT_FOUND`.
         */
        get: operations["getCarrier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/safety": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Carrier safety record
         * @description Inspections of the last 24 months by type with out-of-service counts, OOS rates beside
         *     the national averages, crashes (24 months), the public BASICs and the safety rating.
         *     Unknown DOT → 404 `NOT_FOUND`.
         */
        get: operations["getCarrierSafety"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/insurance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active insurance policies
         * @description Active insurance policies only (pending and cancelled filings are excluded). A carrier
         *     without policies answers 200 with `policies: []`. Unknown DOT → 404 `NOT_FOUND`.
         */
        get: operations["getCarrierInsurance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/risk-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Risk score history
         * @description Default-policy risk snapshots, newest first. The nightly run writes a row only when the
         *     score, grade, tier or the flag set changed (a flag appearing or disappearing counts even
         *     with an unchanged score; component sub-score drift does not). To find the score on a
         *     past day, take the newest row whose `computed_at` is at or before that day. A carrier
         *     with no history (or an unknown DOT) answers 200 with `data: []`, not 404.
         */
        get: operations["getCarrierRiskHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Change feed of one carrier
         * @description The carrier's change rows over the 52-week retention, newest first (by `batch_ts`, then
         *     category in the spec's order). A DOT with no changes (or an unknown DOT) answers 200 with
         *     `changes: []` and `total: 0`, not 404.
         */
        get: operations["getCarrierChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/upcoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Upcoming dated events of a carrier
         * @description What is coming for this carrier, derived from the registry (beyond the spec; rules and
         *     sources in docs/foresight.md), each event with its source, the dataset of the record it
         *     comes from, and that record (`evidence`):
         *
         *     | type | date | from |
         *     |---|---|---|
         *     | `insurance_cancellation` | the cancellation's effective date | a policy in force whose cancellation is on file: the policy's own date (legacy ActPendInsur) or InsHist's (legacy or Motus) |
         *     | `revocation` | the order's effective date | a revocation order not yet in effect (legacy Revocation, Motus RevokeSuspend) |
         *     | `suspension` | the order's effective date | a Motus RevokeSuspend order of suspension not yet in effect |
         *     | `revocation_pending` | null | a pending revocation (`revocation_pending`) no order dates: a legacy `*_REV_PEND` flag |
         *     | `mcs150_due` | the next biennial MCS-150 deadline | 49 CFR 390.19, by the USDOT number's last two digits (ACTIVE carriers) |
         *     | `authority_pending` | null | an `authority.authorities` entry with status PENDING |
         *
         *     Dated events are those on or after `reference_date` (today, UTC), by date; undated ones
         *     follow. The events come from the served run: one dated after its batch date that
         *     the registry withdraws shows until the next run. Watchers are alerted 30, 7 and 0 days
         *     before each dated event (webhook event `watchlist.upcoming` and an e-mail digest).
         *     Unknown DOT → 404 `NOT_FOUND`. The ETag changes with the run and with the day.
         */
        get: operations["getCarrierUpcoming"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/risk-score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Risk score under caller thresholds
         * @description Stateless: nothing about the policy is stored. The body is optional; an empty body or
         *     `{}` gives the default policy (`min_bipd` 750000, `min_cargo` 0), always recomputed from
         *     source data (not the cached score). A partial body merges with the defaults; `policy` in
         *     the response is the merged policy applied. A non-empty body without `Content-Type:
         *     application/json` → 415 `UNSUPPORTED_MEDIA_TYPE` (never read as no body).
         *
         *     - A negative threshold → 400 `INVALID_PARAM`, the message names the field (e.g.
         *       `min_bipd must be >= 0`). The schema deliberately carries no `minimum` so the handler
         *       reports it.
         *     - Active BIPD below `min_bipd` adds `LOW_BIPD` (insurance −25, about −6 overall); cargo
         *       above zero but below `min_cargo` adds `LOW_CARGO_INSURANCE` (insurance −10, about −3
         *       overall).
         *     - Zero BIPD: `NO_BIPD` and the overall cap at 35 apply regardless of `min_bipd`. No cargo
         *       coverage: `NO_CARGO_INSURANCE` (insurance −15) applies regardless of `min_cargo`.
         *     - Chameleon-carrier signals come from the nightly snapshot; their cap equals the
         *       default-policy score's.
         *
         *     Unknown DOT → 404 `NOT_FOUND`.
         */
        post: operations["scoreCarrierRisk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{dot_number}/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a signed vetting receipt
         * @description Stores and returns a receipt of the carrier's full profile exactly as
         *     `GET /v1/carriers/{dot_number}` serves it at this moment (with `as_of`: as it serves that
         *     point-in-time answer), signed by the service: proof of what was checked, on which data,
         *     when (beyond the spec). No request body.
         *
         *     The receipt names the run the profile was read from (`etl_run_id`, `batch_ts`), the
         *     `as_of` asked for (null without), `issued_at`, the account, `profile_sha256` (SHA-256 of
         *     the profile serialised by RFC 8785, the JSON Canonicalization Scheme) and `jws`: a compact
         *     JWS (RFC 7515, `alg` EdDSA over Ed25519, `kid` naming the key) whose payload is the RFC
         *     8785 serialisation of every other field of the receipt, the profile included. Verify it
         *     offline with the public keys at `/.well-known/jwks.json` (docs/receipts.md). Receipts are
         *     kept forever and cannot be changed or deleted.
         *
         *     Unknown DOT (or a carrier that did not exist on `as_of`) → 404 `NOT_FOUND`; `as_of`
         *     outside the data horizon, in the future or not a calendar date → 400 `INVALID_PARAM`,
         *     as for the profile. Counts against the account's rate limit like any keyed request.
         */
        post: operations["createReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ETL runs with change summaries
         * @description ETL runs within the 52-week retention, newest `batch_ts` first, each with its per-category counts.
         */
        get: operations["listChangeRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/changes/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes of the newest run
         * @description The run with the newest `batch_ts`, in the shape of `GET /v1/changes/{etl_run_id}`. No
         *     run yet → 404 `NOT_FOUND`. `summary` counts the whole run; `total` counts the rows after
         *     the `category`/`state` filters. Rows are ordered by `dot_number` (numerically), then category in the
         *     spec's order.
         */
        get: operations["getLatestChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/changes/{etl_run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes of one run
         * @description One run's summary and change rows. Unknown (or purged, older than 52 weeks) run → 404
         *     `NOT_FOUND`. `summary` counts the whole run; `total` counts the rows after the `category`
         *     filter. Rows are ordered by `dot_number` (numerically), then category in the spec's order.
         */
        get: operations["getChangeRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List watched carriers
         * @description The account's watched carriers, most recently added first.
         */
        get: operations["listWatchlist"];
        put?: never;
        /**
         * Watch carriers
         * @description Adds up to 50 DOT numbers (more, or an entry that is not 1–8 digits → 400
         *     `INVALID_PARAM`). Duplicates in the request count once (leading zeros ignored). `added`
         *     counts newly watched carriers; `skipped` counts carriers already watched (a no-op);
         *     `not_found` lists the DOT numbers that match no carrier (as sent), which are not added.
         *     When the additions would take the watchlist over the account's cap (`free` 500, `pro`
         *     10,000; see `usage.watchlist_cap` on `GET /v1/auth/me`) → 400 `LIMIT_EXCEEDED` and nothing
         *     is added.
         */
        post: operations["addToWatchlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is a carrier watched
         * @description Whether one DOT number is on the account's watchlist (one DOT per request).
         */
        get: operations["checkWatchlist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent changes of watched carriers
         * @description Change rows of the carriers currently on the watchlist, from runs whose `batch_ts` is
         *     strictly after the lower bound, newest first (by `batch_ts`, then `dot_number`, then
         *     category in the spec's order). The window is 30 days: the lower bound is `since` when
         *     given and later than 30 days ago, else 30 days ago; `since` never reaches further back,
         *     and the bound applied is echoed as `since`. For incremental polling pass the `batch_ts`
         *     of the newest processed change as `since` (this also backfills missed webhook
         *     deliveries). Beyond the spec, a `new_carrier` row whose `new_values.successor_of` names
         *     a watched carrier is listed too (docs/successor-registrations.md), though its own DOT is
         *     not watched.
         */
        get: operations["getWatchlistChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current webhook configuration
         * @description The configuration, without `secret` (also when disabled). None configured → 404 `NOT_FOUND`.
         */
        get: operations["getWebhook"];
        /**
         * Create or update the webhook
         * @description One webhook URL per account. Sets `url` and enables the webhook; answers 200 with the
         *     configuration in every case. Creating one, or setting a disabled one (DELETE) again, is a
         *     create (spec state table: none/disabled → enabled): a new secret is generated and
         *     returned once (`secret`); the old secret no longer signs anything. Updating the URL of an
         *     enabled webhook keeps its secret and does not return it (use rotate-secret for a new one).
         *
         *     URL rules (otherwise 400 `INVALID_PARAM`): absolute and written `http://host…` or
         *     `https://host…` (any case; `http:/host` or `http:\\host` are refused rather than guessed
         *     at), at most 2048 characters once percent-encoded, no user name or password in it (receivers
         *     verify deliveries by their signature). The hosts `localhost`, `127.0.0.1`, `::1` and
         *     `0.0.0.0` are rejected, compared as addresses, so every spelling of them is
         *     (`[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`, `[::]`, `127.1`). Beyond the spec, link-local and
         *     cloud-metadata addresses (`169.254.0.0/16`, `fe80::/10`, `fd00:ec2::254`, in any spelling)
         *     are always rejected, and never connected to. The URL is stored and echoed in its
         *     normalised spelling (scheme and host in lower case, e.g. `HTTP://Hooks.Example.com` →
         *     `http://hooks.example.com/`). No DNS-based private-address filtering by default (beyond
         *     the spec, `WEBHOOK_BLOCK_PRIVATE=true` also refuses hosts resolving to private or loopback
         *     addresses).
         */
        put: operations["putWebhook"];
        post?: never;
        /**
         * Disable the webhook
         * @description Disables deliveries (idempotent); the configuration and the secret are kept and returned
         *     with `enabled: false` (no `secret`). Pending retries are dropped. None configured → 404
         *     `NOT_FOUND`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/webhook/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the webhook secret
         * @description Issues a new secret (32 random bytes) and returns the configuration with it; the old
         *     secret is invalid at once (deliveries and retries sent from now on are signed with the new
         *     one). `enabled` is unchanged. None configured → 404 `NOT_FOUND`. No request body.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Synchronously sends one signed `watchlist.test` event to the configured URL and reports the
         *     outcome: one attempt, no retries, 10-second timeout. A failing receiver is not an error of
         *     this call (200 with `success: false`). The attempt is recorded in the deliveries log. None
         *     configured → 404 `NOT_FOUND`; a disabled webhook (DELETE) → 409 `WEBHOOK_DISABLED`, and
         *     nothing is sent or logged. No request body.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/webhook/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent webhook deliveries
         * @description The account's most recent deliveries (one row per event delivery, tests included), newest
         *     `created_at` first. An account without a webhook gets `deliveries: []`. Succeeded and
         *     failed deliveries are kept 52 weeks (the change feed's retention), then deleted.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/{dot_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop watching a carrier
         * @description Idempotent; answers `{"status": "removed"}` whether or not the DOT was watched or exists.
         */
        delete: operations["removeFromWatchlist"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Creates a `free` account and returns it with its API key (201). E-mail addresses are
         *     compared case-insensitively. A password is optional: without one `has_password` is false
         *     and a password can be set through forgot/reset-password; login needs one. A password under
         *     8 characters → 400 `INVALID_PARAM` with the message `password must be at least 8
         *     characters`; passwords are stored as bcrypt hashes. Registered e-mail → 409
         *     `ACCOUNT_EXISTS`. Shares the 10-per-minute per-IP limit of the four auth endpoints.
         */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in and get the API key
         * @description Returns the account with its current API key. Unknown e-mail → 404 `NOT_FOUND`; wrong
         *     password, an account without a password, or a deactivated account → 401 `UNAUTHORIZED`.
         *     Shares the 10-per-minute per-IP limit of the four auth endpoints.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password-reset e-mail
         * @description Always 200 with the same `message`, whether or not the account exists. If it exists, an
         *     e-mail is sent with a link carrying a `token` query parameter
         *     (`PUBLIC_URL/reset-password?token=…`: a page of this service that sets the new password
         *     through `POST /v1/auth/reset-password` and shows the outcome); the token is single use and
         *     valid for 1 hour (a newer request does not cancel older unexpired tokens). Shares the
         *     10-per-minute per-IP limit of the four auth endpoints.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset token
         * @description Consumes the token, sets the password and replaces the account's API key: a reset proves
         *     the e-mail (a sign-up, which needs no password, does not), so the key issued before it
         *     answers 401 `UNAUTHORIZED` from then on and the next login returns the new one. The reset
         *     e-mail says so. A password under 8 characters → 400 `INVALID_PARAM` (checked first; the
         *     token stays usable). A token that is invalid, already used or over 1 hour old → 400
         *     `INVALID_TOKEN`, answered before any work is spent on the new password. Shares the
         *     10-per-minute per-IP limit of the four auth endpoints.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Account details and usage
         * @description The account of the key (without the key) and its usage.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/regenerate-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the API key
         * @description Issues a new API key atomically; the old key answers 401 `UNAUTHORIZED` on every request
         *     from that moment (no overlap). No request body.
         */
        post: operations["regenerateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's receipts
         * @description The account's vetting receipts, newest `issued_at` first, without their profiles and
         *     signatures (read one with `GET /v1/receipts/{receipt_id}`). `dot_number` keeps those of
         *     one carrier.
         */
        get: operations["listReceipts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receipts/{receipt_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One receipt
         * @description The receipt as issued, read back from its signed payload. Only the account that issued
         *     it can read it: an unknown id, and another account's receipt, → 404 `NOT_FOUND`.
         */
        get: operations["getReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify receipts
         * @description The JSON Web Key Set (RFC 7517) of every Ed25519 key that has signed or signs receipts,
         *     the current one first. A rotated key stays published, so every receipt ever issued still
         *     verifies; a receipt's JWS header `kid` names its key (the key's RFC 7638 thumbprint).
         *     Empty until the first receipt is issued. Outside `/v1`: not rate limited, no key read,
         *     and cacheable for five minutes.
         */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "watchlist.changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watchlist changes of an ETL run
         * @description Sent to the account's webhook URL after each nightly ETL run when the account has watched
         *     carriers with changes: one delivery per run, all changes batched; the e-mail digest
         *     carries the same diffs. The payload carries no version field. Beyond the spec, a new
         *     carrier that succeeds a watched one (its `new_carrier` diff names the watched DOT in
         *     `new_values.successor_of`, docs/successor-registrations.md) is among the changes too.
         *
         *     The receiver verifies `X-Service-Signature` over the raw body before parsing (any
         *     rewriting breaks it) and rejects a mismatch; it may deduplicate on (`account_id`,
         *     `etl_run_id`). It answers 2xx within 10 seconds to acknowledge. A non-2xx answer or no
         *     answer within 10 s is retried 1 minute, 5 minutes and 30 minutes later (same body, same
         *     `webhook-id`, fresh signature timestamp); after three failed retries the delivery is
         *     marked `failed`. A slow receiver does not delay other accounts' deliveries. Beyond the
         *     spec, pending retries survive a service restart; `GET /v1/watchlist/changes` backfills
         *     any gap.
         */
        post: operations["onWatchlistChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "watchlist.upcoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upcoming events of watched carriers
         * @description Beyond the spec (docs/foresight.md). Sent when a watched carrier has an upcoming dated
         *     event (`GET /v1/carriers/{dot_number}/upcoming`) 30, 7 or 0 days away: each alert once
         *     per (`account_id`, `dot_number`, `event.id`, `threshold_days`). An event first seen
         *     closer than a threshold is alerted at the nearest one above its days left (5 days away:
         *     the 7-day alert; the 30-day one is never sent after it). The service checks after each
         *     ETL run's notifications and daily at 06:00 UTC; one delivery per account and check,
         *     every new alert of the check batched; the e-mail digest carries the same alerts.
         *
         *     Signed, acknowledged and retried exactly as `watchlist.changes` (same headers, 10-second
         *     timeout, retries 1, 5 and 30 minutes later, then `failed`). Deduplicate on
         *     (`dot_number`, `event.id`, `threshold_days`) of each alert.
         */
        post: operations["onWatchlistUpcoming"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "watchlist.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test event
         * @description Sent by `POST /v1/watchlist/webhook/test`, signed like every delivery: one attempt, no
         *     retries, 10-second timeout. A 2xx answer counts as success.
         */
        post: operations["onWatchlistTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Envelope of every failure. Codes and their HTTP status:
         *
         *     | code | status | when |
         *     |---|---|---|
         *     | `BAD_REQUEST` | 400 | the HTTP request itself cannot be read (malformed request line or header) |
         *     | `INVALID_PARAM` | 400 | a parameter or body field breaks its schema or rule: malformed JSON, unknown parameter or field, non-digit DOT/MC, out-of-range `page`/`per_page`/`radius`, list over its maximum, `as_of` outside the horizon, negative policy threshold, password under 8 characters, rejected webhook URL |
         *     | `LIMIT_EXCEEDED` | 400 | a watchlist addition would exceed the account's cap |
         *     | `INVALID_TOKEN` | 400 | reset token invalid, used or expired |
         *     | `UNAUTHORIZED` | 401 | API key missing where required; key unknown, replaced or of a deactivated account; login with a wrong password |
         *     | `NOT_FOUND` | 404 | unknown DOT (carrier endpoints), unknown run, no run yet, no webhook configured, login with an unknown e-mail, unknown path |
         *     | `METHOD_NOT_ALLOWED` | 405 | the path exists but not with this method (`Allow` lists the methods it answers) |
         *     | `ACCOUNT_EXISTS` | 409 | sign-up with a registered e-mail |
         *     | `WEBHOOK_DISABLED` | 409 | a test delivery to a disabled webhook |
         *     | `REQUEST_TIMEOUT` | 408 | the request headers did not arrive in time |
         *     | `PAYLOAD_TOO_LARGE` | 413 | body over the size limit (100 kB by default) |
         *     | `UNSUPPORTED_MEDIA_TYPE` | 415 | a body sent without `Content-Type: application/json` to an operation that takes JSON |
         *     | `RATE_LIMITED` | 429 | rate limit exceeded |
         *     | `HEADERS_TOO_LARGE` | 431 | the request headers are over Node's limit (16 kB) |
         *     | `INTERNAL_ERROR` | 500 | unexpected fault |
         *     | `NOT_IMPLEMENTED` | 501 | operation not served by this build |
         *     | `SERVICE_UNAVAILABLE` | 503 | database unreachable |
         */
        Error: {
            error: {
                /** @enum {string} */
                code: "BAD_REQUEST" | "INVALID_PARAM" | "LIMIT_EXCEEDED" | "INVALID_TOKEN" | "UNAUTHORIZED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "ACCOUNT_EXISTS" | "WEBHOOK_DISABLED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL_ERROR" | "NOT_IMPLEMENTED" | "SERVICE_UNAVAILABLE";
                /**
                 * @description Human-readable detail in plain words, naming the offending parameter or field as
                 *     the client wrote it (`dot_numbers is required`, `as_of must be a date
                 *     (YYYY-MM-DD)`, `dot_numbers[1] must be 1 to 8 digits`, `Content-Type must be
                 *     application/json`). Meant for people; branch on `code`, not on the message.
                 */
                message: string;
            };
        };
        /** @description USDOT number, digits without leading zeros. */
        DotNumber: string;
        /**
         * @description Census carrier status (census `STATUS_CODE` A → ACTIVE, P → PENDING, anything else → INACTIVE).
         * @enum {string}
         */
        CarrierStatus: "ACTIVE" | "INACTIVE" | "PENDING";
        /**
         * @description Operating authority status: ACTIVE; PENDING (applied for, not granted); INACTIVE (held
         *     and ended: revoked, withdrawn, lapsed); NONE (never held). Legacy L&I: A → ACTIVE,
         *     I → INACTIVE, N with the application pending → PENDING, N → NONE. Motus: Active, Pending,
         *     Inactive and Withdrawn (→ INACTIVE).
         * @enum {string}
         */
        AuthorityStatus: "ACTIVE" | "PENDING" | "INACTIVE" | "NONE";
        /**
         * @description Where a registration fact comes from: `legacy`, the L&I archive FMCSA froze on 2026-05-14,
         *     or `motus`, the registration system since then (Motus wins for every docket it holds).
         *     null when the carrier has no such record.
         * @enum {string|null}
         */
        RegistrationSource: "legacy" | "motus" | null;
        /**
         * @description Census carrier operation: A interstate, B intrastate hazmat, C intrastate non-hazmat; null when not given.
         * @enum {string|null}
         */
        CarrierOperation: "A" | "B" | "C" | null;
        /** @description One operating authority of the carrier's dockets. */
        AuthorityEntry: {
            /** @description Docket, prefix and bare number (e.g. MC421775). */
            docket: string;
            /**
             * @description Legacy: COMMON, CONTRACT or BROKER. Motus: the published operating authority type,
             *     e.g. `Motor Carrier of Property (Except Household Goods)`, `Broker of Property (Except
             *     Household Goods)`, `Motor Carrier of Passengers`.
             */
            authority: string;
            /** @description ACTIVE, PENDING or INACTIVE (legacy); Motus: ACTIVE, PENDING, INACTIVE or WITHDRAWN. */
            status: string;
            /** @enum {string} */
            source: "legacy" | "motus";
        };
        /** @description Physical address. `lat`/`lon` are the state centroid (every carrier in a state shares it); null when the state is unknown. */
        Address: {
            street: string;
            /** @description Uppercase. */
            city: string;
            /** @description 2-letter code, uppercase ('' when unknown). */
            state: string;
            zip: string;
            lat: number | null;
            lon: number | null;
        };
        Contact: {
            /** @description Digits only ('' when none). */
            phone: string;
            /** @description Lowercase ('' when none). */
            email: string;
        };
        Fleet: {
            power_units: number;
            drivers: number;
        };
        /**
         * @description Operating authority. `status` is the carrier's overall standing: ACTIVE when any of its
         *     common, contract or broker authorities is. Motus does not distinguish common from contract
         *     carriage: its motor-carrier authorities count as `common`.
         */
        Authority: {
            status: components["schemas"]["AuthorityStatus"];
            common: components["schemas"]["AuthorityStatus"];
            contract: components["schemas"]["AuthorityStatus"];
            /**
             * Format: date-time
             * @description Newest granted or reinstated common authority (midnight UTC of the served date); null when none.
             */
            common_authority_date: string | null;
            /**
             * Format: date-time
             * @description Newest granted or reinstated contract authority; null when none.
             */
            contract_authority_date: string | null;
            broker_authority: components["schemas"]["AuthorityStatus"];
            /** @description Every operating authority of the carrier's dockets, by docket. */
            authorities: components["schemas"]["AuthorityEntry"][];
            source: components["schemas"]["RegistrationSource"];
        };
        Mcs150: {
            /**
             * Format: date-time
             * @description Date of the latest MCS-150 filing (midnight UTC); null when unknown.
             */
            date: string | null;
            mileage: number;
            mileage_year: number;
        };
        /** @description Core carrier profile (bulk lookups). Carries no safety, insurance, risk score or related companies. */
        CoreCarrier: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description MC docket number, bare digits; null when none. */
            mc_number: string | null;
            legal_name: string;
            /** @description "Doing business as" name; empty when none. */
            dba_name: string;
            status: components["schemas"]["CarrierStatus"];
            carrier_operation: components["schemas"]["CarrierOperation"];
            address: components["schemas"]["Address"];
            contact: components["schemas"]["Contact"];
            fleet: components["schemas"]["Fleet"];
            authority: components["schemas"]["Authority"];
            mcs150: components["schemas"]["Mcs150"];
            cargo_carried: string[];
            operation_classification: string[];
            /** @description The words of an OTHER operation classification ('' when none). */
            operation_other: string;
        };
        /**
         * @description Full profile: every core-profile field plus the fields below. `risk_score` is present
         *     without `as_of` and omitted with it; `as_of` is present only on point-in-time answers.
         */
        FullCarrier: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description MC docket number, bare digits; null when none. */
            mc_number: string | null;
            legal_name: string;
            /** @description "Doing business as" name; empty when none. */
            dba_name: string;
            status: components["schemas"]["CarrierStatus"];
            carrier_operation: components["schemas"]["CarrierOperation"];
            address: components["schemas"]["Address"];
            contact: components["schemas"]["Contact"];
            fleet: components["schemas"]["Fleet"];
            authority: components["schemas"]["Authority"];
            mcs150: components["schemas"]["Mcs150"];
            cargo_carried: string[];
            operation_classification: string[];
            /** @description The words of an OTHER operation classification ('' when none). */
            operation_other: string;
            entity_type: components["schemas"]["EntityType"];
            safety: components["schemas"]["SafetySummary"];
            insurance: components["schemas"]["InsuranceSummary"];
            /** @description Authority kinds with a pending revocation, joined with `;` in the order COMMON;CONTRACT;BROKER; empty when none. */
            revocation_pending: string;
            /**
             * @description Other carriers sharing the phone, e-mail, address or an officer with this one
             *     (chameleon-carrier signals), at most 20, revoked or inactive ones first.
             */
            related_companies: components["schemas"]["RelatedCompany"][];
            risk_score?: components["schemas"]["RiskScore"];
            contact_tenure?: components["schemas"]["ContactTenure"];
            /**
             * Format: date
             * @description The requested point-in-time date; present only with `as_of`.
             */
            as_of?: string;
            /** @description The ETL run whose data answered. */
            etl_run_id: number;
            /**
             * Format: date-time
             * @description `batch_ts` of that run.
             */
            data_as_of: string;
        };
        /**
         * @description How long the phone, e-mail, physical address and officers have held their values, and how
         *     often each changed, read from the history of the carrier's versions the service keeps
         *     (beyond the spec; rules in docs/contact-tenure.md). A field *changed* on the first day of
         *     a version whose value differs from the version before it (the address: street, city,
         *     state or zip; the officers: the two officer names, in either order). Days and windows
         *     count to `reference_date`. A field that never changed since `observed_since` has
         *     `last_changed` and `days_since_change` null: it has held its value at least
         *     `reference_date` − `observed_since` days.
         */
        ContactTenure: {
            /**
             * Format: date
             * @description The answer's date, that days and windows count to; the served run's batch date (UTC), or `as_of`.
             */
            reference_date: string;
            /**
             * Format: date
             * @description First day of the oldest version of this carrier the history holds: the day of the
             *     first run that served it, or of the first run the service loaded, or (after the
             *     52-week retention pruned older versions) of the oldest version kept.
             */
            observed_since: string;
            phone: components["schemas"]["ContactFieldTenure"];
            email: components["schemas"]["ContactFieldTenure"];
            address: components["schemas"]["ContactFieldTenure"];
            officers: components["schemas"]["ContactFieldTenure"];
        };
        ContactFieldTenure: {
            /**
             * Format: date
             * @description Day of the latest change on or before `reference_date`; null when none was seen.
             */
            last_changed: string | null;
            /** @description `reference_date` − `last_changed` in days (0: changed that day); null when no change was seen. */
            days_since_change: number | null;
            /** @description Changes in the 90 days ending on `reference_date` (0 ≤ days since the change < 90). */
            changes_90d: number;
            /** @description Changes in the 365 days ending on `reference_date` (0 ≤ days since the change < 365). */
            changes_365d: number;
        };
        /** @description A carrier's upcoming events (beyond the spec; docs/foresight.md). */
        Upcoming: {
            dot_number: components["schemas"]["DotNumber"];
            legal_name: string;
            /**
             * Format: date
             * @description Today (UTC): `days_until` counts from it; dated events before it are not listed.
             */
            reference_date: string;
            /** @description Dated events by date (then type), undated ones last. */
            events: components["schemas"]["UpcomingEvent"][];
            /** @description The ETL run whose data answered. */
            etl_run_id: number;
            /**
             * Format: date-time
             * @description `batch_ts` of that run.
             */
            data_as_of: string;
        };
        /** @description One upcoming event, with where it comes from. */
        UpcomingEvent: {
            /**
             * @description Stable while the event is the same (type, record and date): an event whose date moves
             *     is a new event. Watchlist alerts are sent once per (carrier, `id`, threshold).
             * @example revocation:MC777:COMMON:2026-03-20
             */
            id: string;
            /** @enum {string} */
            type: "insurance_cancellation" | "revocation" | "suspension" | "revocation_pending" | "mcs150_due" | "authority_pending";
            /**
             * Format: date
             * @description The day it takes effect or falls due; null when the registry dates nothing.
             */
            date: string | null;
            /** @description `date` − `reference_date` in days (0: today); null when undated. */
            days_until: number | null;
            /**
             * @description `legacy`: the L&I archive frozen on 2026-05-14; `motus`: the registration system since; `census`: the census and a rule on it.
             * @enum {string}
             */
            source: "legacy" | "motus" | "census";
            /** @description The FMCSA dataset of the record: Revocation, RevokeSuspend, ActPendInsur, Insur, InsHist, Carrier or Census. */
            dataset: string;
            /** @description Its data.transportation.gov ids (Motus: All-With-History, Daily Difference; Census: Company Census or the SMS census, whichever the run read). */
            dataset_ids: string[];
            evidence: components["schemas"]["UpcomingEvidence"];
        };
        /**
         * @description The record the event comes from. Orders (`revocation`, `suspension`): docket, authority
         *     (as published), authority_kind (COMMON, CONTRACT, BROKER or FREIGHT FORWARDER, as
         *     `revocation_pending` names it), order_type, serve_date, effective_date. Cancellations:
         *     docket, policy_number, insurer_name, policy_type, type_description, form_code,
         *     coverage_amount (dollars), effective_date (the policy's), cancellation_date and
         *     policy_source (where the policy itself is on file). `revocation_pending`: authority_kind
         *     and flag. `mcs150_due`: rule, due_month, year_parity, last_filed (the census MCS-150
         *     date). `authority_pending`: docket, authority, status.
         */
        UpcomingEvidence: {
            docket?: string | null;
            authority?: string | null;
            authority_kind?: string | null;
            order_type?: string | null;
            /** Format: date */
            serve_date?: string | null;
            /** Format: date */
            effective_date?: string | null;
            policy_number?: string | null;
            insurer_name?: string | null;
            policy_type?: string | null;
            type_description?: string | null;
            form_code?: string | null;
            coverage_amount?: number | null;
            /** Format: date */
            cancellation_date?: string | null;
            /** @enum {string|null} */
            policy_source?: "legacy" | "motus" | null;
            flag?: string;
            rule?: string;
            due_month?: string;
            /** @enum {string} */
            year_parity?: "odd" | "even";
            /** Format: date */
            last_filed?: string | null;
            status?: string;
        };
        /** @description First set flag of the census CARSHIP field in the order C, B, F, S, R, I, T: CARRIER, BROKER, FREIGHT FORWARDER, SHIPPER, REGISTRANT, INTERMODAL EQUIPMENT PROVIDER, CARGO TANK. */
        EntityType: string;
        RelatedCompany: {
            dot_number: components["schemas"]["DotNumber"];
            legal_name: string;
            status: components["schemas"]["CarrierStatus"];
            /** @description What the two carriers share. */
            shared: ("phone" | "email" | "address" | "officer")[];
            /** @description The related carrier is inactive or its authority is revoked or inactive. */
            revoked_or_inactive: boolean;
        };
        InspectionCount: {
            /** @description Inspections in the last 24 months. */
            inspections: number;
            /** @description Inspections with an out-of-service violation. */
            oos: number;
        };
        InspectionCounts: {
            driver: components["schemas"]["InspectionCount"];
            vehicle: components["schemas"]["InspectionCount"];
            hazmat: components["schemas"]["InspectionCount"];
        };
        OosRate: {
            /** @description Percent, round(oos × 100 / inspections, 2); null when there were no inspections. */
            rate: number | null;
            /** @description National average OOS rate, percent (vehicle 22.26, driver 6.67, hazmat 4.44). */
            national_average: number;
        };
        OosRates: {
            driver: components["schemas"]["OosRate"];
            vehicle: components["schemas"]["OosRate"];
            hazmat: components["schemas"]["OosRate"];
        };
        /** @description Crashes reported over the last 24 months. */
        Crashes: {
            total: number;
            /** @description Crashes with at least one fatality. */
            fatal: number;
            /** @description Crashes with at least one injury. */
            injury: number;
            /** @description Tow-away crashes. */
            tow: number;
        };
        SafetySummary: {
            inspections: components["schemas"]["InspectionCounts"];
            oos_rates: components["schemas"]["OosRates"];
            crashes: components["schemas"]["Crashes"];
            /** @description FMCSA safety rating (e.g. SATISFACTORY, CONDITIONAL, UNSATISFACTORY); empty when unrated. */
            safety_rating: string;
        };
        /** @description One public BASIC (Behavior Analysis and Safety Improvement Category) of SMS. */
        Basic: {
            name: string;
            /** @description SMS measure; null when not computed. */
            measure: number | null;
            /** @description Percentile among peers; null when not published. */
            percentile: number | null;
            /**
             * @description Why there is no percentile, in SMS's words (e.g. `Less than 5 vehicle inspections`),
             *     or `Not public for property carriers`; null when there is a percentile or no reason.
             */
            percentile_reason: string | null;
            /** @description Intervention threshold percentile. */
            threshold: number;
            alert: boolean;
        };
        Safety: {
            dot_number: components["schemas"]["DotNumber"];
            legal_name: string;
            /**
             * @description Window of the inspection and crash counts.
             * @constant
             */
            period_months: 24;
            inspections: components["schemas"]["InspectionCounts"];
            oos_rates: components["schemas"]["OosRates"];
            crashes: components["schemas"]["Crashes"];
            basics: components["schemas"]["Basic"][];
            /** @description FMCSA safety rating; empty when unrated. */
            safety_rating: string;
            etl_run_id: number;
            /** Format: date-time */
            data_as_of: string;
        };
        /** @description Insurance amounts in whole dollars. */
        InsuranceSummary: {
            /** @description BIPD (liability) coverage on file (L&I or Motus record). */
            bipd_on_file: number;
            /** @description A cargo filing is on record. */
            cargo_filed: boolean;
            /**
             * @description Cargo coverage on file. When the record says only that a filing is on file (`Y`), the
             *     largest active cargo policy; null when no such policy gives the amount. 0 when none.
             */
            cargo_on_file: number | null;
            /** @description A bond or trust fund filing is on record. */
            bond_filed: boolean;
            /** @description As cargo_on_file, for bonds and trust funds. */
            bond_on_file: number | null;
            /** @description Minimum BIPD coverage required for the carrier's operation. */
            bipd_required: number;
            /** @description Largest active BIPD policy; 0 when none. */
            max_bipd: number;
            /** @description Largest active cargo policy; 0 when none. */
            max_cargo: number;
            active_policy_count: number;
            /**
             * Format: date-time
             * @description Earliest future cancellation date of an active policy; null when none.
             */
            next_expiration: string | null;
            source: components["schemas"]["RegistrationSource"];
        };
        Policy: {
            /** @description e.g. BIPD, CARGO, BOND. */
            policy_type: string;
            insurer_name: string;
            policy_number: string;
            /** @description Dollars. */
            coverage_amount: number;
            /**
             * Format: date-time
             * @description null when the filing gives none.
             */
            effective_date: string | null;
            /**
             * Format: date-time
             * @description Scheduled cancellation; null when open-ended.
             */
            expiration_date: string | null;
            /** @description Filing form without Motus's BMC- prefix (e.g. 91X, 34, 84). */
            form_code: string;
            /**
             * @description Where the filing is recorded: the legacy L&I archive or Motus.
             * @enum {string}
             */
            source: "legacy" | "motus";
        };
        Insurance: {
            dot_number: components["schemas"]["DotNumber"];
            legal_name: string;
            /** @description Active policies only. */
            policies: components["schemas"]["Policy"][];
            etl_run_id: number;
            /** Format: date-time */
            data_as_of: string;
        };
        BulkCarriersRequest: {
            /** @description 1–50 USDOT numbers (digits). */
            dot_numbers: string[];
        };
        BulkByMcRequest: {
            /** @description 1–500 MC numbers, bare digits; blank entries (empty or whitespace) and duplicates are ignored. */
            mc_numbers: string[];
        };
        BulkByMcResult: {
            data: components["schemas"]["CoreCarrier"][];
            /** @description MC numbers that matched nothing, as sent, once each. */
            not_found: string[];
        };
        SearchRow: {
            dot_number: components["schemas"]["DotNumber"];
            mc_number: string | null;
            legal_name: string;
            dba_name: string;
            city: string;
            state: string;
            status: components["schemas"]["CarrierStatus"];
            entity_type: components["schemas"]["EntityType"];
            power_units: number;
            drivers: number;
            /** @description Percent; null without vehicle inspections. */
            vehicle_oos_rate: number | null;
            /** @description National average vehicle OOS rate, percent. */
            vehicle_oos_national: number;
            /** @description Percent; null without driver inspections. */
            driver_oos_rate: number | null;
            /** @description National average driver OOS rate, percent. */
            driver_oos_national: number;
            /** @description Largest active BIPD coverage, dollars. */
            insurance_bipd: number;
            /** @description Largest active cargo coverage, dollars. */
            insurance_cargo: number;
            /** @description State centroid. */
            lat: number | null;
            /** @description State centroid. */
            lon: number | null;
            /** @description Miles from (lat, lon) to the carrier's point, rounded to 0.1; present only on geo searches. */
            distance_miles?: number;
        };
        Pagination: {
            page: number;
            per_page: number;
            /** @description Matching carriers. */
            total: number;
            /** @description ceil(total / per_page); 0 when nothing matched. */
            total_pages: number;
        };
        SearchResult: {
            data: components["schemas"]["SearchRow"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @description Letter grade of the overall score.
         * @enum {string}
         */
        RiskGrade: "A" | "B" | "C" | "D" | "F";
        /**
         * @description Tier word of the overall score (LOW best, SEVERE worst).
         * @enum {string}
         */
        RiskTier: "LOW" | "GUARDED" | "ELEVATED" | "HIGH" | "SEVERE";
        RiskComponent: {
            /** @enum {string} */
            name: "Compliance" | "Safety" | "Insurance";
            score: number;
            /** @description Compliance 40, Safety 35, Insurance 25. */
            weight: number;
        };
        RiskFlag: {
            /** @enum {string} */
            severity: "info" | "warning" | "critical";
            /**
             * @description Stable machine code. Among them: `LOW_BIPD` (active BIPD below the BIPD floor;
             *     insurance −25), `LOW_CARGO_INSURANCE` (cargo above zero but below the cargo floor;
             *     insurance −10), `NO_BIPD` (zero BIPD; overall capped at 35), `NO_CARGO_INSURANCE` (no
             *     cargo coverage; insurance −15), `FATAL_CRASHES`, `HIGH_DRIVER_OOS` (driver OOS rate a
             *     multiple of the national average). The complete list is in `docs/risk-model.md`.
             */
            code: string;
            /** @description Human-readable explanation (names what is shared for chameleon signals). */
            message: string;
        };
        /**
         * @description Composite score 0–100 (higher is safer): round(Σ component score × weight / 100), then
         *     caps (NO_BIPD at 35; chameleon signals). `confidence` reflects how much evidence there is
         *     (inspections, authority age): missing data lowers confidence, it is never read as bad.
         */
        RiskScore: {
            score: number;
            grade: components["schemas"]["RiskGrade"];
            tier: components["schemas"]["RiskTier"];
            /** @enum {string} */
            confidence: "HIGH" | "MEDIUM" | "LOW";
            components: components["schemas"]["RiskComponent"][];
            flags: components["schemas"]["RiskFlag"][];
        };
        RiskHistoryRow: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description The ETL run that produced the snapshot (one per ETL day). */
            etl_run_id: number;
            /**
             * Format: date-time
             * @description The run's `batch_ts`, shared by all rows of the run.
             */
            computed_at: string;
            score: number;
            grade: components["schemas"]["RiskGrade"];
            tier: components["schemas"]["RiskTier"];
            /** @description Flag codes, sorted ascending. */
            flag_codes: string[];
            components: components["schemas"]["RiskComponent"][];
            flags: components["schemas"]["RiskFlag"][];
        };
        RiskHistory: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description The applied (clamped) limit. */
            limit: number;
            /** @description Newest first. */
            data: components["schemas"]["RiskHistoryRow"][];
        };
        /**
         * @description Caller thresholds, each optional, merged with the defaults. No `minimum` here on purpose:
         *     a negative value reaches the handler, which answers 400 `INVALID_PARAM` naming the field.
         */
        RiskPolicyInput: {
            /** @description BIPD floor in dollars (default 750000; must be ≥ 0). */
            min_bipd?: number;
            /** @description Cargo floor in dollars (default 0; must be ≥ 0). */
            min_cargo?: number;
        };
        /** @description The merged policy actually applied. */
        RiskPolicy: {
            min_bipd: number;
            min_cargo: number;
        };
        RiskScoreResult: {
            dot_number: components["schemas"]["DotNumber"];
            policy: components["schemas"]["RiskPolicy"];
            risk_score: components["schemas"]["RiskScore"];
        };
        /**
         * @description | category | tracks |
         *     |---|---|
         *     | `new_carrier` | first appearance of a DOT |
         *     | `removed_carrier` | DOT disappeared |
         *     | `authority_change` | carrier_status, authority_status or broker_authority_status changed |
         *     | `revocation_pending` | a revocation-pending flag went from empty to non-empty |
         *     | `insurance_change` | max_bipd or max_cargo aggregate changed |
         *     | `safety_change` | total_crashes or fatal_crashes changed, or a driver or vehicle OOS rate moved by more than 5 points with at least 10 inspections (of that kind, new count) |
         *     | `fleet_change` | power_units or drivers moved by more than 20% or more than 10 units |
         *     | `identity_change` | legal_name, dba_name or one of the two company-officer fields changed |
         *     | `contact_change` | physical address, phone or e-mail changed |
         *
         *     Threshold-gated categories (safety_change, fleet_change) drop smaller movements.
         * @enum {string}
         */
        ChangeCategory: "new_carrier" | "removed_carrier" | "authority_change" | "revocation_pending" | "insurance_change" | "safety_change" | "fleet_change" | "identity_change" | "contact_change";
        /**
         * @description Only the fields tracked for the row's category; `old_values` and `new_values` carry the
         *     same keys, except `new_carrier` whose `old_values` is `{}` and `removed_carrier` whose
         *     `new_values` is `{}`.
         *
         *     | category | fields |
         *     |---|---|
         *     | `new_carrier` | legal_name, carrier_status, phy_state; `new_values` also `successor_of` when the new carrier succeeds a revoked one |
         *     | `removed_carrier` | legal_name, carrier_status, phy_state |
         *     | `authority_change` | carrier_status, authority_status, broker_authority_status |
         *     | `revocation_pending` | revocation_pending |
         *     | `insurance_change` | max_bipd, max_cargo |
         *     | `safety_change` | total_crashes, fatal_crashes, driver_oos_rate, vehicle_oos_rate, driver_inspections, vehicle_inspections |
         *     | `fleet_change` | power_units, drivers |
         *     | `identity_change` | legal_name, dba_name, officer_1, officer_2 |
         *     | `contact_change` | phy_street, phy_city, phy_state, phy_zip, phone, email |
         */
        ChangeValues: {
            legal_name?: string;
            dba_name?: string;
            officer_1?: string;
            officer_2?: string;
            carrier_status?: string;
            authority_status?: string;
            broker_authority_status?: string;
            revocation_pending?: string;
            /** @description Dollars. */
            max_bipd?: number;
            /** @description Dollars. */
            max_cargo?: number;
            total_crashes?: number;
            fatal_crashes?: number;
            /** @description Percent; null without inspections. */
            driver_oos_rate?: number | null;
            /** @description Percent; null without inspections. */
            vehicle_oos_rate?: number | null;
            driver_inspections?: number;
            vehicle_inspections?: number;
            power_units?: number;
            drivers?: number;
            phy_street?: string;
            phy_city?: string;
            phy_state?: string;
            phy_zip?: string;
            phone?: string;
            email?: string;
            /**
             * @description `new_carrier` `new_values` only, beyond the spec (docs/successor-registrations.md):
             *     the carriers this new DOT appears to succeed. A predecessor shares at least two of
             *     phone, e-mail, physical address and officer with the new carrier (normalised as for
             *     `related_companies`; an identifier of more than 25 carriers links nobody), and was
             *     revoked, suspended or put out of service within the last three years (1095 days
             *     before the run's batch date). Most shared first, then most recently revoked. Absent
             *     when there is none. Watchers of a predecessor receive the row too: in the run's
             *     `watchlist.changes` delivery and digest, and in `GET /v1/watchlist/changes`.
             */
            successor_of?: components["schemas"]["Predecessor"][];
        };
        /** @description A revoked, suspended or out-of-service carrier a new registration shares identifiers with. */
        Predecessor: {
            dot_number: components["schemas"]["DotNumber"];
            legal_name: string;
            /** @description Its census status on the run's date. */
            carrier_status: string;
            /** @description What the two carriers share (at least two kinds). */
            shared: ("phone" | "email" | "address" | "officer")[];
            /**
             * Format: date
             * @description When it lost its standing, as the risk model's chameleon links date it
             *     (docs/risk-model.md §1): the earlier of the first run that saw it so and its newest
             *     executed revocation on file after its last grant.
             */
            revoked_on: string;
        };
        /** @description Row counts of the whole run per category, and their total. */
        RunSummary: {
            new_carriers: number;
            removed_carriers: number;
            authority_changes: number;
            revocations_pending: number;
            insurance_changes: number;
            safety_changes: number;
            fleet_changes: number;
            identity_changes: number;
            contact_changes: number;
            total_changes: number;
        };
        /** @description Per-run change row. */
        RunChange: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description Legal name (the last known one for a removed carrier). */
            carrier_name: string;
            category: components["schemas"]["ChangeCategory"];
            old_values: components["schemas"]["ChangeValues"];
            new_values: components["schemas"]["ChangeValues"];
        };
        /** @description Per-carrier change row. */
        CarrierChange: {
            etl_run_id: number;
            /** Format: date-time */
            batch_ts: string;
            category: components["schemas"]["ChangeCategory"];
            old_values: components["schemas"]["ChangeValues"];
            new_values: components["schemas"]["ChangeValues"];
        };
        RunListItem: {
            etl_run_id: number;
            /** Format: date-time */
            batch_ts: string;
            summary: components["schemas"]["RunSummary"];
        };
        RunList: {
            /** @description Newest first. */
            runs: components["schemas"]["RunListItem"][];
            /** @description Runs within the retention. */
            total: number;
            page: number;
            per_page: number;
        };
        RunDetail: {
            etl_run_id: number;
            /** Format: date-time */
            batch_ts: string;
            summary: components["schemas"]["RunSummary"];
            changes: components["schemas"]["RunChange"][];
            /** @description Rows matching the filters. */
            total: number;
            page: number;
            per_page: number;
        };
        CarrierChanges: {
            dot_number: components["schemas"]["DotNumber"];
            /** @description Newest first. */
            changes: components["schemas"]["CarrierChange"][];
            total: number;
            page: number;
            per_page: number;
        };
        /** @description A watched carrier with its current registry values ('' for a carrier no longer in the registry). */
        WatchlistEntry: {
            dot_number: components["schemas"]["DotNumber"];
            carrier_name: string;
            /** @description ACTIVE or INACTIVE ('' when no longer in the registry). */
            status: string;
            entity_type: string;
            city: string;
            state: string;
            /**
             * Format: date-time
             * @description When it was added.
             */
            created_at: string;
        };
        Watchlist: {
            carriers: components["schemas"]["WatchlistEntry"][];
            total: number;
        };
        WatchlistAddRequest: {
            /** @description 1–50 USDOT numbers (digits). */
            dot_numbers: string[];
        };
        WatchlistAddResult: {
            /** @description Newly watched carriers. */
            added: number;
            /** @description Distinct carriers not added because they were already watched. */
            skipped: number;
            /** @description DOT numbers that match no carrier, as sent, once each, in request order; not added. */
            not_found: string[];
            /** @constant */
            status: "ok";
        };
        WatchlistRemoveResult: {
            /** @constant */
            status: "removed";
        };
        WatchlistCheck: {
            dot_number: components["schemas"]["DotNumber"];
            watching: boolean;
        };
        WatchlistChange: {
            dot_number: components["schemas"]["DotNumber"];
            carrier_name: string;
            etl_run_id: number;
            /** Format: date-time */
            batch_ts: string;
            category: components["schemas"]["ChangeCategory"];
            old_values: components["schemas"]["ChangeValues"];
            new_values: components["schemas"]["ChangeValues"];
        };
        WatchlistChanges: {
            changes: components["schemas"]["WatchlistChange"][];
            total: number;
            page: number;
            per_page: number;
            /**
             * Format: date-time
             * @description The effective lower bound applied (exclusive): max(`since`, now − 30 days).
             */
            since: string;
        };
        WebhookConfig: {
            account_id: number;
            /** Format: uri */
            url: string;
            enabled: boolean;
            /**
             * @description 32 random bytes as 64 lowercase hex characters. Present only in the answer that
             *     created the webhook and in rotate-secret answers; store it then. Signatures are keyed
             *     with this string's UTF-8 bytes.
             */
            secret?: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookPutRequest: {
            /**
             * Format: uri
             * @description Absolute http or https URL without credentials; localhost, 127.0.0.1, ::1, 0.0.0.0 (in any spelling), link-local and metadata addresses are rejected (400 `INVALID_PARAM`).
             */
            url: string;
        };
        WebhookTestResult: {
            /** @description Attempts made (1; the test is not retried). */
            attempts: number;
            duration_ms: number;
            /** @description Transport error or non-2xx summary; empty when none. */
            error: string;
            /** @description Receiver's HTTP status; 0 when no answer (timeout, connection error). */
            status_code: number;
            /** @description The receiver answered 2xx within 10 s. */
            success: boolean;
        };
        /** @description One delivery of one event (retries update the same row). */
        WebhookDelivery: {
            id: number;
            /** @enum {string} */
            event: "watchlist.changes" | "watchlist.test" | "watchlist.upcoming";
            /** @description The run of a watchlist.changes event; null for test and upcoming events. */
            etl_run_id: number | null;
            /** @description Attempts made so far (at most 4 - the first try and three retries). */
            attempt: number;
            /**
             * @description `pending` before the first attempt, `retrying` after a failed attempt with a retry scheduled, `succeeded` on a 2xx, `failed` after the third failed retry.
             * @enum {string}
             */
            status: "pending" | "retrying" | "succeeded" | "failed";
            /** @description HTTP status of the last attempt; null when none or no answer. */
            status_code: number | null;
            /** @description Error of the last attempt; null when none. */
            error: string | null;
            /** @description Duration of the last attempt; null before the first. */
            duration_ms: number | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the next retry is due; null when none is scheduled.
             */
            next_attempt_at: string | null;
        };
        WebhookDeliveries: {
            /** @description Newest first. */
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description The applied (clamped) limit. */
            limit: number;
        };
        EventDiff: {
            category: components["schemas"]["ChangeCategory"];
            old_values: components["schemas"]["ChangeValues"];
            new_values: components["schemas"]["ChangeValues"];
        };
        EventCarrierChanges: {
            dot_number: components["schemas"]["DotNumber"];
            carrier_name: string;
            /** @description Categories of `diffs`, distinct. */
            categories: components["schemas"]["ChangeCategory"][];
            diffs: components["schemas"]["EventDiff"][];
        };
        WatchlistChangesEvent: {
            /** @constant */
            event: "watchlist.changes";
            /** @description Same value as on risk history and the change feed. */
            etl_run_id: number;
            /** Format: date-time */
            batch_ts: string;
            account_id: number;
            /** @description One entry per watched carrier with changes in this run. */
            changes: components["schemas"]["EventCarrierChanges"][];
        };
        WatchlistUpcomingEvent: {
            /** @constant */
            event: "watchlist.upcoming";
            account_id: number;
            /**
             * Format: date
             * @description The day (UTC) of the check; `days_until` counts from it.
             */
            reference_date: string;
            /** @description The new alerts of the check, by DOT, event date, then threshold (largest first). */
            alerts: components["schemas"]["UpcomingAlert"][];
        };
        UpcomingAlert: {
            dot_number: components["schemas"]["DotNumber"];
            carrier_name: string;
            /**
             * @description The alert threshold this alert is for.
             * @enum {integer}
             */
            threshold_days: 30 | 7 | 0;
            event: components["schemas"]["UpcomingEvent"];
        };
        WatchlistTestEvent: {
            /** @constant */
            event: "watchlist.test";
            account_id: number;
            /** Format: date-time */
            sent_at: string;
            message: string;
        };
        /** @description A receipt's id, a random UUID. */
        ReceiptId: string;
        /** @description A receipt without its profile and signature. */
        ReceiptSummary: {
            id: components["schemas"]["ReceiptId"];
            dot_number: components["schemas"]["DotNumber"];
            /**
             * Format: date
             * @description The point-in-time date asked for; null when the receipt is of the profile served at issue time.
             */
            as_of: string | null;
            /** @description The ETL run the profile was read from. */
            etl_run_id: number;
            /**
             * Format: date-time
             * @description `batch_ts` of that run (the profile's `data_as_of`).
             */
            batch_ts: string;
            /** Format: date-time */
            issued_at: string;
            /** @description Lowercase hex SHA-256 of the profile serialised by RFC 8785 (JCS). */
            profile_sha256: string;
            /** @description `kid` of the key that signed it (in `/.well-known/jwks.json`). */
            key_id: string;
        };
        /**
         * @description A signed vetting receipt. `jws` is a compact JWS (header `alg: EdDSA`, `kid`, `typ: JOSE`)
         *     whose payload is the RFC 8785 (JCS) serialisation of the object made of `id`,
         *     `account_id`, `dot_number`, `as_of`, `etl_run_id`, `batch_ts`, `issued_at`, `profile`,
         *     `profile_sha256` and `canonicalization`: every field here but `key_id` (in the JWS
         *     header) and `jws` itself. Trust what the verified payload says.
         */
        Receipt: {
            id: components["schemas"]["ReceiptId"];
            /** @description The account that issued it. */
            account_id: number;
            dot_number: components["schemas"]["DotNumber"];
            /**
             * Format: date
             * @description The point-in-time date asked for; null when the receipt is of the profile served at issue time.
             */
            as_of: string | null;
            /** @description The ETL run the profile was read from (the profile's `etl_run_id`). */
            etl_run_id: number;
            /**
             * Format: date-time
             * @description `batch_ts` of that run (the profile's `data_as_of`).
             */
            batch_ts: string;
            /** Format: date-time */
            issued_at: string;
            profile: components["schemas"]["FullCarrier"];
            /** @description Lowercase hex SHA-256 of `profile` serialised by RFC 8785 (JCS). */
            profile_sha256: string;
            /**
             * @description How `profile_sha256` and the JWS payload serialise JSON: RFC 8785, the JSON Canonicalization Scheme.
             * @enum {string}
             */
            canonicalization: "RFC8785";
            /** @description `kid` of the signing key (the JWS header's), in `/.well-known/jwks.json`. */
            key_id: string;
            /** @description Compact JWS over the receipt (see above). */
            jws: string;
        };
        ReceiptList: {
            receipts: components["schemas"]["ReceiptSummary"][];
            total: number;
            page: number;
            per_page: number;
        };
        /** @description An Ed25519 public key (RFC 8037). */
        Jwk: {
            /** @enum {string} */
            kty: "OKP";
            /** @enum {string} */
            crv: "Ed25519";
            /** @description The public key, base64url. */
            x: string;
            /** @description RFC 7638 thumbprint of the key. */
            kid: string;
            /** @enum {string} */
            alg: "EdDSA";
            /** @enum {string} */
            use: "sig";
        };
        Jwks: {
            keys: components["schemas"]["Jwk"][];
        };
        /**
         * @description `free`: rate_limit 600 per minute, watchlist cap 500; `pro`: 6000 per minute, cap 10,000.
         * @enum {string}
         */
        AccountTier: "free" | "pro";
        /** @description The account plus its API key (sign-up and login). */
        AccountWithKey: {
            id: number;
            /**
             * Format: email
             * @description Lowercase.
             */
            email: string;
            /** @description Null when not given. */
            name: string | null;
            /** @description Null when not given. */
            company: string | null;
            tier: components["schemas"]["AccountTier"];
            /** @description Requests per minute for the account. */
            rate_limit: number;
            is_active: boolean;
            has_password: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description Send as `X-API-Key`. Treat as a secret. */
            api_key: string;
        };
        Usage: {
            /** @description Authenticated requests since 00:00 UTC, this one included. With several server processes, requests served by another one may show up to a second late. */
            requests_today: number;
            watchlist_size: number;
            watchlist_cap: number;
        };
        Me: {
            id: number;
            /** Format: email */
            email: string;
            name: string | null;
            company: string | null;
            tier: components["schemas"]["AccountTier"];
            rate_limit: number;
            is_active: boolean;
            has_password: boolean;
            /** Format: date-time */
            created_at: string;
            usage: components["schemas"]["Usage"];
        };
        ApiKey: {
            /** @description The new key; the old one is invalid from now on. */
            api_key: string;
        };
        Message: {
            message: string;
        };
        SignupRequest: {
            /** Format: email */
            email: string;
            /** @description Optional; at least 8 characters (shorter → 400 `INVALID_PARAM`, "password must be at least 8 characters"). */
            password?: string;
            name?: string;
            company?: string;
        };
        LoginRequest: {
            /** Format: email */
            email: string;
            password: string;
        };
        ForgotPasswordRequest: {
            /** Format: email */
            email: string;
        };
        ResetPasswordRequest: {
            /** @description The `token` query parameter of the e-mailed link. */
            token: string;
            /** @description At least 8 characters (shorter → 400 `INVALID_PARAM`). */
            password: string;
        };
        Meta: {
            /**
             * Format: date-time
             * @description `batch_ts` of the most recent ETL run; null before the first.
             */
            data_freshness: string | null;
            /**
             * Format: date-time
             * @description Oldest `computed_at` in risk history; null when empty.
             */
            risk_history_horizon: string | null;
            risk_history_rows: number;
            /**
             * Format: date-time
             * @description Oldest `batch_ts` still in the change feed (52-week retention); also the `as_of` horizon. Null when empty.
             */
            etl_changes_horizon: string | null;
            /** @description Carriers in the latest run. */
            carriers_total: number;
            latest_etl_run_id: number | null;
            /** @description Version of this contract (info.version). */
            api_version: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
            checks: {
                database: {
                    /** @enum {string} */
                    status: "ok" | "down";
                    /** @description Round trip of a trivial query; null when down. */
                    latency_ms: number | null;
                };
            };
        };
    };
    responses: {
        /** @description The `If-None-Match` tag still matches; no body (beyond the spec). */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description `INVALID_PARAM` (a parameter or body field breaks its schema or rule, malformed JSON, an
         *     unknown parameter), `LIMIT_EXCEEDED` (watchlist cap) or `INVALID_TOKEN` (reset token).
         *     The message names the offending parameter.
         */
        BadRequest: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "INVALID_PARAM",
                 *         "message": "per_page must be at most 100"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `UNAUTHORIZED`: API key missing where required, or unknown, replaced or of a deactivated account; login with a wrong password. */
        Unauthorized: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "UNAUTHORIZED",
                 *         "message": "A valid API key is required in the X-API-Key header"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `NOT_FOUND`: the addressed carrier, run, webhook or account does not exist. */
        NotFound: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "No carrier with USDOT number 1234567"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `PAYLOAD_TOO_LARGE`: the body exceeds the limit (100 kB by default, `BODY_LIMIT`). */
        PayloadTooLarge: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `UNSUPPORTED_MEDIA_TYPE`: a body was sent without `Content-Type: application/json` (another type or none); message `Content-Type must be application/json`. */
        UnsupportedMediaType: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `RATE_LIMITED`: the caller's rate limit is exhausted; retry after `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "RATE_LIMITED",
                 *         "message": "Rate limit of 100 requests per minute exceeded"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `INTERNAL_ERROR`: an unexpected fault; no details are exposed. */
        InternalError: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `NOT_IMPLEMENTED`: the operation is in the contract but not served by this build. */
        NotImplemented: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `SERVICE_UNAVAILABLE`: the database is unreachable or timed out; retry shortly. */
        ServiceUnavailable: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `INVALID_PARAM`: unknown query parameter (health and meta take none). */
        BadRequestUnlimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `INTERNAL_ERROR`: an unexpected fault; no details are exposed. */
        InternalErrorUnlimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `NOT_IMPLEMENTED`: the operation is in the contract but not served by this build. */
        NotImplementedUnlimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `SERVICE_UNAVAILABLE`: the database is unreachable or timed out; retry shortly. */
        ServiceUnavailableUnlimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
         *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
         *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
         *     removal answers `removed`.
         * @example 1234567
         */
        DotNumber: string;
        /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
        Page: number;
        /** @description Change rows per page (default 50, 1–200; out of range → 400 `INVALID_PARAM`). */
        RunPerPage: number;
        /** @description Keep only this change category (other values → 400 `INVALID_PARAM`). */
        Category: components["schemas"]["ChangeCategory"];
        /** @description 2-letter state code of the physical address, case-insensitive. */
        StateFilter: string;
        /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
        IfNoneMatch: string;
        /**
         * @description `sha256=<hex>`: lowercase hex HMAC-SHA256 of the raw request body, keyed with the webhook
         *     secret (the UTF-8 bytes of the `secret` string exactly as returned). Compare in constant
         *     time.
         */
        XServiceSignature: string;
        /** @description The event type, for routing without parsing the body. */
        XServiceEvent: "watchlist.changes" | "watchlist.test" | "watchlist.upcoming";
        /** @description Standard Webhooks message id; stable across retries of one delivery (`msg_<delivery id>`). */
        WebhookId: string;
        /** @description Standard Webhooks timestamp of this attempt, Unix seconds. Reject values far from the current time. */
        WebhookTimestamp: string;
        /**
         * @description Standard Webhooks signature `v1,<base64>`: base64 HMAC-SHA256 of
         *     `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the same secret bytes as
         *     `X-Service-Signature` (for a Standard Webhooks library, pass `whsec_` + base64 of the
         *     secret string's UTF-8 bytes).
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description IETF draft-8 structured field naming the quota that applied: `"<limit>-in-<window>"; q=<limit>; w=<window seconds>; pk=:<partition key>:`.
         *     Present on every rate-limited response; absent on health and meta.
         * @example "100-in-1min"; q=100; w=60; pk=:ZmI3ZDk1YTg0NmZh:
         */
        "RateLimit-Policy": string;
        /**
         * @description IETF draft-8 structured field with the remaining quota: `"<policy name>"; r=<remaining>; t=<seconds until reset>`.
         *     Present on every rate-limited response; absent on health and meta.
         * @example "100-in-1min"; r=99; t=60
         */
        RateLimit: string;
        /**
         * @description Seconds until the window resets and requests are accepted again.
         * @example 42
         */
        "Retry-After": number;
        /**
         * @description Entity tag of this answer; changes whenever a new ETL run is served. Send it back in `If-None-Match`.
         * @example W/"run-42-5f3a9c"
         */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequestUnlimited"];
            500: components["responses"]["InternalErrorUnlimited"];
            501: components["responses"]["NotImplementedUnlimited"];
            /** @description Degraded; the database is unreachable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getMeta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meta"];
                };
            };
            400: components["responses"]["BadRequestUnlimited"];
            500: components["responses"]["InternalErrorUnlimited"];
            501: components["responses"]["NotImplementedUnlimited"];
            503: components["responses"]["ServiceUnavailableUnlimited"];
        };
    };
    searchCarriers: {
        parameters: {
            query?: {
                /** @description Case-insensitive text match on legal name and DBA name. */
                q?: string;
                /** @description Exact MC number, bare digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`. */
                mc_number?: string;
                /** @description Physical-address city, case-insensitive exact match. */
                city?: string;
                /** @description 2-letter state code of the physical address, case-insensitive. */
                state?: components["parameters"]["StateFilter"];
                /** @description Carrier status; `ALL` includes inactive carriers. */
                status?: "ACTIVE" | "INACTIVE" | "ALL";
                /** @description Cargo type; case-insensitive match against one `cargo_carried` label (e.g. `General Freight`). */
                cargo?: string;
                /** @description Entity type. */
                entity_type?: "CARRIER" | "BROKER" | "FREIGHT FORWARDER" | "SHIPPER" | "REGISTRANT" | "INTERMODAL EQUIPMENT PROVIDER" | "CARGO TANK";
                /** @description Census carrier operation: A interstate, B intrastate hazmat, C intrastate non-hazmat. */
                carrier_operation?: "A" | "B" | "C";
                /** @description Company officer name; case-insensitive match on either officer slot. */
                officer?: string;
                /** @description Phone number; compared as digits only (a leading US country code 1 of an 11-digit number is dropped). */
                phone?: string;
                /** @description E-mail address, case-insensitive exact match. */
                email?: string;
                /** @description Minimum power units (inclusive). */
                fleet_min?: number;
                /** @description Maximum power units (inclusive); must not be below `fleet_min`. */
                fleet_max?: number;
                /** @description Latitude of the geo-search centre; requires `lon`. */
                lat?: number;
                /** @description Longitude of the geo-search centre; requires `lat`. */
                lon?: number;
                /** @description Geo-search radius in miles (default 50, 1–200; out of range → 400 `INVALID_PARAM`). Ignored without `lat`/`lon`. */
                radius?: number;
                /** @description Minimum months since the common authority date (carriers without one are excluded). */
                authority_months_min?: number;
                /**
                 * @description Sort order. Bare `name`, `dot` and `distance` are ascending, bare `fleet_size` is
                 *     descending (largest first). `distance*` needs a geo search.
                 */
                sort?: "name" | "name_asc" | "name_desc" | "dot" | "dot_asc" | "dot_desc" | "fleet_size" | "fleet_size_asc" | "fleet_size_desc" | "distance" | "distance_asc" | "distance_desc";
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (default 25, 1–100; out of range → 400 `INVALID_PARAM`). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of matching carriers. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    bulkCarriers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkCarriersRequest"];
            };
        };
        responses: {
            /** @description A JSON array of core profiles of the matched carriers (possibly empty). */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CoreCarrier"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    bulkCarriersByMc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkByMcRequest"];
            };
        };
        responses: {
            /** @description Matched carriers and the numbers that matched nothing. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkByMcResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrier: {
        parameters: {
            query?: {
                /** @description Point-in-time date (`YYYY-MM-DD`, UTC), within the data horizon and not in the future. */
                as_of?: string;
            };
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full profile. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FullCarrier"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierSafety: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The safety record. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Safety"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierInsurance: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active policies. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Insurance"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierRiskHistory: {
        parameters: {
            query?: {
                /**
                 * @description Integer in decimal digits; default 50; values outside [1, 200] are clamped; anything
                 *     else (`10.5`, `1e1`, `0x10`, ` 10`, empty, or the parameter given twice) falls back to
                 *     50, never a 400. The applied value is echoed as `limit`.
                 */
                limit?: unknown;
            };
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history rows (possibly none). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RiskHistory"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierChanges: {
        parameters: {
            query?: {
                /** @description Keep only this change category (other values → 400 `INVALID_PARAM`). */
                category?: components["parameters"]["Category"];
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (default 50, 1–200; out of range → 400 `INVALID_PARAM`). */
                per_page?: number;
            };
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the carrier's changes (possibly empty). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierChanges"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierUpcoming: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` from an earlier answer; when it still matches, the answer is 304 without a body (beyond the spec). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The carrier's upcoming events (possibly none). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Upcoming"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    scoreCarrierRisk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RiskPolicyInput"];
            };
        };
        responses: {
            /** @description The score under the merged policy. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RiskScoreResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createReceipt: {
        parameters: {
            query?: {
                /** @description Point-in-time date (`YYYY-MM-DD`, UTC), within the data horizon and not in the future; as for `GET /v1/carriers/{dot_number}`. */
                as_of?: string;
            };
            header?: never;
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt, stored. */
            201: {
                headers: {
                    /** @description `/v1/receipts/{receipt_id}` of the new receipt. */
                    Location?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listChangeRuns: {
        parameters: {
            query?: {
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Runs per page (default 10, 1–50; out of range → 400 `INVALID_PARAM`). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLatestChanges: {
        parameters: {
            query?: {
                /** @description Keep only this change category (other values → 400 `INVALID_PARAM`). */
                category?: components["parameters"]["Category"];
                /** @description 2-letter code, case-insensitive; keeps carriers whose current physical state matches. */
                state?: string;
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Change rows per page (default 50, 1–200; out of range → 400 `INVALID_PARAM`). */
                per_page?: components["parameters"]["RunPerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest run and one page of its changes. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getChangeRun: {
        parameters: {
            query?: {
                /** @description Keep only this change category (other values → 400 `INVALID_PARAM`). */
                category?: components["parameters"]["Category"];
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Change rows per page (default 50, 1–200; out of range → 400 `INVALID_PARAM`). */
                per_page?: components["parameters"]["RunPerPage"];
            };
            header?: never;
            path: {
                /** @description ETL run id (integer ≥ 1; otherwise 400 `INVALID_PARAM`). */
                etl_run_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run and one page of its changes. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The watchlist. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watchlist"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addToWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatchlistAddRequest"];
            };
        };
        responses: {
            /** @description Counts of the addition. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchlistAddResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    checkWatchlist: {
        parameters: {
            query: {
                /** @description USDOT number, 1–8 digits (leading zeros ignored); missing or not digits → 400 `INVALID_PARAM`. */
                dot_number: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Watch state. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchlistCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWatchlistChanges: {
        parameters: {
            query?: {
                /**
                 * @description RFC 3339 instant (encode `+` as `%2B`), or a bare date read as midnight UTC. Malformed
                 *     → 400 `INVALID_PARAM`; a future value gives an empty page.
                 */
                since?: string;
                /** @description Keep only this change category (other values → 400 `INVALID_PARAM`). */
                category?: components["parameters"]["Category"];
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (default 25, 1–100; out of range → 400 `INVALID_PARAM`). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of changes (possibly empty). */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchlistChanges"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPutRequest"];
            };
        };
        responses: {
            /** @description The configuration; `secret` present only when this request created the webhook or re-enabled a disabled one. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration, now disabled. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration with the new `secret`. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the test delivery. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `WEBHOOK_DISABLED`: the webhook is disabled; PUT enables it again (with a new secret). */
            409: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Integer in decimal digits; default 20; values outside [1, 100] are clamped; anything
                 *     else (`10.5`, `1e1`, `0x10`, ` 10`, empty, or the parameter given twice) falls back to
                 *     20, never a 400. The applied value is echoed as `limit`.
                 */
                limit?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recent deliveries. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    removeFromWatchlist: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description USDOT number, 1–8 digits (leading zeros ignored). Not digits → 400 `INVALID_PARAM`.
                 *     Unknown DOT → 404 `NOT_FOUND` on the carrier profile, safety, insurance and risk-score
                 *     endpoints; risk-history and per-carrier changes answer 200 with empty arrays; watchlist
                 *     removal answers `removed`.
                 * @example 1234567
                 */
                dot_number: components["parameters"]["DotNumber"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (or was not watched). */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchlistRemoveResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupRequest"];
            };
        };
        responses: {
            /** @description The new account, with its API key. */
            201: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountWithKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description `ACCOUNT_EXISTS`: an account with this e-mail already exists. */
            409: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description The account, with its API key. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountWithKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Password set and API key replaced. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Account and usage. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    regenerateKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listReceipts: {
        parameters: {
            query?: {
                /** @description Keep only receipts of this USDOT number (1–8 digits, leading zeros ignored). */
                dot_number?: string;
                /** @description 1-based page number (default 1, 1–100000; out of range → 400 `INVALID_PARAM`). */
                page?: components["parameters"]["Page"];
                /** @description Receipts per page (default 25, 1–100; out of range → 400 `INVALID_PARAM`). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of receipts (possibly empty). */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiptList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The receipt's `id` (a UUID). Not a UUID → 400 `INVALID_PARAM`. */
                receipt_id: components["schemas"]["ReceiptId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set. */
            200: {
                headers: {
                    /** @description `public, max-age=300`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            400: components["responses"]["BadRequestUnlimited"];
            500: components["responses"]["InternalErrorUnlimited"];
            503: components["responses"]["ServiceUnavailableUnlimited"];
        };
    };
    onWatchlistChanges: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=<hex>`: lowercase hex HMAC-SHA256 of the raw request body, keyed with the webhook
                 *     secret (the UTF-8 bytes of the `secret` string exactly as returned). Compare in constant
                 *     time.
                 */
                "X-Service-Signature": components["parameters"]["XServiceSignature"];
                /** @description The event type, for routing without parsing the body. */
                "X-Service-Event": components["parameters"]["XServiceEvent"];
                /** @description Standard Webhooks message id; stable across retries of one delivery (`msg_<delivery id>`). */
                "webhook-id"?: components["parameters"]["WebhookId"];
                /** @description Standard Webhooks timestamp of this attempt, Unix seconds. Reject values far from the current time. */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature `v1,<base64>`: base64 HMAC-SHA256 of
                 *     `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the same secret bytes as
                 *     `X-Service-Signature` (for a Standard Webhooks library, pass `whsec_` + base64 of the
                 *     secret string's UTF-8 bytes).
                 */
                "webhook-signature"?: components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatchlistChangesEvent"];
            };
        };
        responses: {
            /** @description Acknowledged; no retry. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status, or no answer within 10 s, schedules a retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWatchlistUpcoming: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=<hex>`: lowercase hex HMAC-SHA256 of the raw request body, keyed with the webhook
                 *     secret (the UTF-8 bytes of the `secret` string exactly as returned). Compare in constant
                 *     time.
                 */
                "X-Service-Signature": components["parameters"]["XServiceSignature"];
                /** @description The event type, for routing without parsing the body. */
                "X-Service-Event": components["parameters"]["XServiceEvent"];
                /** @description Standard Webhooks message id; stable across retries of one delivery (`msg_<delivery id>`). */
                "webhook-id"?: components["parameters"]["WebhookId"];
                /** @description Standard Webhooks timestamp of this attempt, Unix seconds. Reject values far from the current time. */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature `v1,<base64>`: base64 HMAC-SHA256 of
                 *     `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the same secret bytes as
                 *     `X-Service-Signature` (for a Standard Webhooks library, pass `whsec_` + base64 of the
                 *     secret string's UTF-8 bytes).
                 */
                "webhook-signature"?: components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatchlistUpcomingEvent"];
            };
        };
        responses: {
            /** @description Acknowledged; no retry. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status, or no answer within 10 s, schedules a retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWatchlistTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=<hex>`: lowercase hex HMAC-SHA256 of the raw request body, keyed with the webhook
                 *     secret (the UTF-8 bytes of the `secret` string exactly as returned). Compare in constant
                 *     time.
                 */
                "X-Service-Signature": components["parameters"]["XServiceSignature"];
                /** @description The event type, for routing without parsing the body. */
                "X-Service-Event": components["parameters"]["XServiceEvent"];
                /** @description Standard Webhooks message id; stable across retries of one delivery (`msg_<delivery id>`). */
                "webhook-id"?: components["parameters"]["WebhookId"];
                /** @description Standard Webhooks timestamp of this attempt, Unix seconds. Reject values far from the current time. */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature `v1,<base64>`: base64 HMAC-SHA256 of
                 *     `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the same secret bytes as
                 *     `X-Service-Signature` (for a Standard Webhooks library, pass `whsec_` + base64 of the
                 *     secret string's UTF-8 bytes).
                 */
                "webhook-signature"?: components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WatchlistTestEvent"];
            };
        };
        responses: {
            /** @description Test succeeded. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status, or no answer within 10 s, reports `success false`. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
