// A small constant map as a table of {key, value} rows, searched in order: the functions that turn a foreign
// enum into text or a number (GL debug sources and types, glTF component types) are data, not a switch each.
#pragma once

#include <cstddef>
#include <type_traits>

namespace dicer {

template <class K, class V> struct LookupEntry {
    K key;
    V value;
};

// The value of the first row whose key is `key`; `otherwise` when no row has it.
template <class K, class V, std::size_t N>
constexpr V lookup(const LookupEntry<K, V> (&table)[N], std::type_identity_t<K> key,
                   std::type_identity_t<V> otherwise) {
    for (const LookupEntry<K, V>& entry : table)
        if (entry.key == key) return entry.value;
    return otherwise;
}

} // namespace dicer
