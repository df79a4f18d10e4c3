/* The query matcher's interface (native/query_match.c), used by the addon's N-API layer (native/tree_flat.c). */
#ifndef CODEGRAPH_QUERY_MATCH_H
#define CODEGRAPH_QUERY_MATCH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct QmProgram QmProgram;

/* Checks and copies a program (see query_match.c for its layout); NULL with *err set when it is malformed. */
QmProgram *qm_program_new(const int32_t *words, size_t len, uint32_t symbols, uint32_t fields, int32_t fingerprint,
                          const void *owner, const char **err);
/* The language a program was made for (the TSLanguage pointer given to qm_program_new). */
const void *qm_program_owner(const QmProgram *p);
void qm_program_retain(QmProgram *p);
void qm_program_release(QmProgram *p);
/* Matches over a flat tree of n nodes; *out (malloc'd, *out_len words) holds the matches. False: out of memory. */
bool qm_run(const QmProgram *p, uint32_t n, const int32_t *parent, const int32_t *next, const uint16_t *type,
            const uint16_t *field, int32_t **out, size_t *out_len);

#endif
