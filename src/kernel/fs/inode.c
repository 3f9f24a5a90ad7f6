// SPDX-License-Identifier: GPL-2.0
/*
 * The address_space handle registry and index tables (fs.h).
 *
 * Handles are handed out in order and never reused within a simulation:
 * a page that still names a dead anonymous region (an unmapped swap cache
 * page keeps its ->mapping, as the kernel keeps the anon_vma pointer)
 * then resolves to NULL instead of to an unrelated newcomer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/fs.h"

struct address_space **mapping_table;
uint32_t mapping_table_size;
static uint32_t next_handle = 1;

uint32_t mapping_register(struct address_space *mapping)
{
	if (next_handle >= mapping_table_size) {
		uint32_t n = mapping_table_size ? mapping_table_size * 2 : 256;
		struct address_space **t = realloc(mapping_table, n * sizeof(*t));

		BUG_ON(!t);
		memset(t + mapping_table_size, 0,
		       (n - mapping_table_size) * sizeof(*t));
		mapping_table = t;
		mapping_table_size = n;
	}
	mapping->handle = next_handle++;
	mapping_table[mapping->handle] = mapping;
	INIT_LIST_HEAD(&mapping->i_mmap);
	mapping->i_mmap_count = 0;
	return mapping->handle;
}

void mapping_unregister(struct address_space *mapping)
{
	BUG_ON(mapping->i_mmap_count);
	if (mapping->handle && mapping->handle < mapping_table_size &&
	    mapping_table[mapping->handle] == mapping)
		mapping_table[mapping->handle] = NULL;
	mapping->handle = 0;
	mapping_release_table(mapping);
}

void mapping_registry_reset(void)
{
	free(mapping_table);
	mapping_table = NULL;
	mapping_table_size = 0;
	next_handle = 1;
}

int mapping_insert(struct address_space *mapping, pgoff_t index,
		   struct page *page)
{
	if (index >= mapping->nr_slots) {
		unsigned long n = mapping->nr_slots ? mapping->nr_slots : 64;
		struct page **p;

		while (n <= index)
			n *= 2;
		p = realloc(mapping->pages, n * sizeof(*p));
		BUG_ON(!p);
		memset(p + mapping->nr_slots, 0,
		       (n - mapping->nr_slots) * sizeof(*p));
		mapping->pages = p;
		mapping->nr_slots = n;
	}
	if (mapping->pages[index])
		return -EEXIST;
	mapping->pages[index] = page;
	return 0;
}

void mapping_delete(struct address_space *mapping, pgoff_t index)
{
	if (index < mapping->nr_slots)
		mapping->pages[index] = NULL;
}

void mapping_release_table(struct address_space *mapping)
{
	free(mapping->pages);
	mapping->pages = NULL;
	mapping->nr_slots = 0;
}
