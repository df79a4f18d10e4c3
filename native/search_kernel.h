/* The search stage's native kernels (native/search_kernel.c): registered on the addon's exports by tree_flat.c. */
#ifndef CODEGRAPH_SEARCH_KERNEL_H
#define CODEGRAPH_SEARCH_KERNEL_H
#include <stdbool.h>
#include <node_api.h>

/* Adds the kernels' functions (lexicalEmbed, vectraRow) to `exports`; false when N-API failed. */
bool sk_register(napi_env env, napi_value exports);

#endif
