import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after 1 s by default. Beside the browser suites on two cores a page's
// next render can take longer; they still return as soon as it shows.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts from an empty document (vitest runs without globals, so no automatic cleanup).
afterEach(cleanup);
