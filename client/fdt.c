/* SPDX-License-Identifier: BSD-2-Clause */
/* A read-only walk of a flattened device tree's structure block, for the
   RAM banks and the reserved regions (client/fdt.h). Every offset is
   checked against the blob's own sizes before it is read. */
#include <string.h>

#include "client/fdt.h"

#define FDT_MAGIC	0xd00dfeedu
#define TOK_BEGIN	1
#define TOK_END		2
#define TOK_PROP	3
#define TOK_NOP		4
#define TOK_FINISH	9

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t read_cells(const uint8_t *p, uint32_t n)
{
	uint64_t v = 0;

	while (n--) {
		v = v << 32 | be32(p);
		p += 4;
	}
	return v;
}

uint32_t fdt_size(const void *dtb)
{
	const uint8_t *b = dtb;

	return b && be32(b) == FDT_MAGIC ? be32(b + 4) : 0;
}

uint32_t fdt_free(const void *dtb)
{
	const uint8_t *b = dtb;
	uint32_t total = fdt_size(dtb), end, e;

	if (!total || total < 40)
		return 0;
	/* off_dt_struct + size_dt_struct, off_dt_strings + size_dt_strings;
	   the reservation map ends where the structure block begins, or
	   before */
	end = be32(b + 8) + be32(b + 36);
	e = be32(b + 12) + be32(b + 32);
	if (end < be32(b + 8) || e < be32(b + 12))
		return 0;
	end = e > end ? e : end;
	return end <= total ? total - end : 0;
}

/* What the walk keeps of one node: its reg, and the flags we look for. */
struct node {
	const uint8_t *reg;
	uint32_t reg_len;
	bool memory, no_map;
};

/* Append node n's reg entries, in (ac, sc) cells, to r; returns the new count. */
static int emit(const struct node *n, uint32_t ac, uint32_t sc, struct fdt_range *r, int max,
		int count)
{
	uint32_t step = 4 * (ac + sc), at;

	if (!n->reg || ac < 1 || ac > 2 || sc > 2 || !step)
		return count;
	for (at = 0; at + step <= n->reg_len; at += step, count++)
		if (count < max)
			r[count] = (struct fdt_range){ read_cells(n->reg + at, ac),
						       read_cells(n->reg + at + 4 * ac, sc),
						       n->no_map };
	return count;
}

/* The structure block [*p, *end) and the strings block's start, once
   their offsets are checked against the blob's totalsize. */
static bool struct_block(const uint8_t *b, uint32_t total, const uint8_t **p,
			 const uint8_t **end, const uint8_t **strings)
{
	if (total < 40 || be32(b + 8) >= total || be32(b + 12) >= total ||
	    be32(b + 8) + be32(b + 36) > total)
		return false;
	*p = b + be32(b + 8);
	*end = *p + be32(b + 36);
	*strings = b + be32(b + 12);
	return true;
}

int fdt_ranges(const void *dtb, enum fdt_what what, struct fdt_range *r, int max)
{
	const uint8_t *b = dtb, *p, *end, *strings;
	uint32_t total = fdt_size(dtb), root_ac = 2, root_sc = 1, rm_ac = 2, rm_sc = 1;
	struct node top = { 0 }, child = { 0 };	/* depth 2 and 3: the root is depth 1 */
	int depth = 0, count = 0;
	bool in_rm = false;

	if (!struct_block(b, total, &p, &end, &strings))
		return -1;
	while (p + 4 <= end) {
		uint32_t tok = be32(p), len;
		const char *name;

		p += 4;
		switch (tok) {
		case TOK_BEGIN:
			name = (const char *)p;
			for (len = 0; p + len < end && name[len]; len++)
				;
			if (p + len == end)
				return -1;	/* a name running off the block */
			p += (len + 4) & ~3u;
			depth++;
			if (depth == 2) {
				top = (struct node){ 0 };
				in_rm = !strcmp(name, "reserved-memory");
			} else if (depth == 3) {
				child = (struct node){ 0 };
			}
			break;
		case TOK_PROP:
			if (p + 8 > end)
				return -1;
			len = be32(p);
			name = (const char *)strings + be32(p + 4);
			if ((const uint8_t *)name >= b + total || p + 8 + len > end)
				return -1;
			if (depth == 1 && !strcmp(name, "#address-cells") && len == 4)
				root_ac = be32(p + 8);
			else if (depth == 1 && !strcmp(name, "#size-cells") && len == 4)
				root_sc = be32(p + 8);
			else if (depth == 2 && in_rm && !strcmp(name, "#address-cells") && len == 4)
				rm_ac = be32(p + 8);
			else if (depth == 2 && in_rm && !strcmp(name, "#size-cells") && len == 4)
				rm_sc = be32(p + 8);
			else if (depth == 2 && !strcmp(name, "device_type"))
				top.memory = len == 7 && !memcmp(p + 8, "memory", 7);
			else if (depth == 2 && !strcmp(name, "reg"))
				top = (struct node){ p + 8, len, top.memory, false };
			else if (depth == 3 && !strcmp(name, "reg"))
				child = (struct node){ p + 8, len, false, child.no_map };
			else if (depth == 3 && !strcmp(name, "no-map"))
				child.no_map = true;
			p += 8 + ((len + 3) & ~3u);
			break;
		case TOK_END:
			if (depth == 2 && what == FDT_MEMORY && top.memory)
				count = emit(&top, root_ac, root_sc, r, max, count);
			if (depth == 3 && what == FDT_RESERVED && in_rm)
				count = emit(&child, rm_ac, rm_sc, r, max, count);
			if (depth == 2)
				in_rm = false;
			if (--depth < 0)
				return -1;
			break;
		case TOK_NOP:
			break;
		case TOK_FINISH:
			return count;
		default:
			return -1;
		}
	}
	return -1;
}

/* ext as one of isa's "_"-separated parts (isa is len bytes, maybe
   without its NUL) */
static bool isa_names(const char *isa, uint32_t len, const char *ext)
{
	uint32_t n = (uint32_t)strlen(ext), i;

	for (i = 0; i + n < len; i++)
		if (isa[i] == '_' && !memcmp(isa + i + 1, ext, n) &&
		    (i + 1 + n == len || isa[i + 1 + n] == '_' || isa[i + 1 + n] == '\0'))
			return true;
	return false;
}

/* One token of the structure block: its kind, and for a property its
   name, value and length. */
struct token {
	uint32_t tok, len;
	const char *name, *val;
};

/* The token at *p (advanced past it); false at a malformed one. */
static bool next_token(const uint8_t **p, const uint8_t *end, const uint8_t *b, uint32_t total,
		       const uint8_t *strings, struct token *t)
{
	const uint8_t *q = *p;

	t->tok = be32(q);
	q += 4;
	if (t->tok == TOK_BEGIN) {
		t->name = (const char *)q;
		for (t->len = 0; q + t->len < end && t->name[t->len]; t->len++)
			;
		q += (t->len + 4) & ~3u;
	} else if (t->tok == TOK_PROP) {
		if (q + 8 > end)
			return false;
		t->len = be32(q);
		t->name = (const char *)strings + be32(q + 4);
		t->val = (const char *)q + 8;
		if ((const uint8_t *)t->name >= b + total || q + 8 + t->len > end)
			return false;
		q += 8 + ((t->len + 3) & ~3u);
	} else if (t->tok != TOK_FINISH && t->tok != TOK_END && t->tok != TOK_NOP) {
		return false;
	}
	*p = q;
	return true;
}

bool fdt_isa_has(const void *dtb, const char *ext)
{
	const uint8_t *b = dtb, *p, *end, *strings;
	uint32_t total = fdt_size(dtb);
	struct token t;
	bool seen = false;

	if (!struct_block(b, total, &p, &end, &strings))
		return false;
	while (p + 4 <= end) {
		if (!next_token(&p, end, b, total, strings, &t))
			return false;
		if (t.tok == TOK_FINISH)
			break;
		if (t.tok == TOK_PROP && !strcmp(t.name, "riscv,isa")) {
			if (!isa_names(t.val, t.len, ext))
				return false;
			seen = true;
		}
	}
	return seen;
}

/* A cpu node's properties, gathered until its first subnode or its end. */
struct cpu_node {
	bool is_cpu, off;
	uint64_t hartid;
};

static void cpu_done(struct cpu_node *c, unsigned long *mask)
{
	if (c->is_cpu && c->off && c->hartid < 8 * sizeof(long))
		*mask |= 1ul << c->hartid;
	*c = (struct cpu_node){ 0 };
}

unsigned long fdt_harts_disabled(const void *dtb)
{
	const uint8_t *b = dtb, *p, *end, *strings;
	uint32_t total = fdt_size(dtb);
	struct cpu_node c = { 0 };
	unsigned long mask = 0;
	struct token t;

	if (!struct_block(b, total, &p, &end, &strings))
		return 0;
	while (p + 4 <= end) {
		if (!next_token(&p, end, b, total, strings, &t))
			return 0;
		if (t.tok == TOK_FINISH)
			break;
		if (t.tok == TOK_BEGIN || t.tok == TOK_END)
			cpu_done(&c, &mask);
		if (t.tok != TOK_PROP)
			continue;
		if (!strcmp(t.name, "device_type") && t.len == 4 && !memcmp(t.val, "cpu", 4))
			c.is_cpu = true;
		else if (!strcmp(t.name, "reg") && t.len >= 4 && t.len <= 8 && !(t.len & 3))
			c.hartid = read_cells((const uint8_t *)t.val, t.len / 4);
		else if (!strcmp(t.name, "status"))
			c.off = !(t.len == 5 && !memcmp(t.val, "okay", 5)) &&
				!(t.len == 3 && !memcmp(t.val, "ok", 3));
	}
	return mask;
}
