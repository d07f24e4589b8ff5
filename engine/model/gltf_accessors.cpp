// Checked accessor reads for the glTF loader (gltf_detail.h). Accessor, buffer view and buffer rules: glTF 2.0
// specification, sections 3.6.2 "Accessors" (component types, normalized integers, element alignment) and
// 3.6.1 "Buffers and Buffer Views" (byteStride 4..252). tinygltf 2.7.0 keeps the numbers as the JSON gives
// them, so every one is checked here, overflow-safely, before a byte is read.
#include "gltf_detail.h"

#include "lookup_table.h"

#include <algorithm>
#include <cstring>

namespace dicer::model::gltf_detail {
namespace {

// Bytes of one component; 0 for a type glTF 2.0 does not allow in accessors (INT, DOUBLE, anything else).
constexpr LookupEntry<int, size_t> kComponentBytes[] = {
    {TINYGLTF_COMPONENT_TYPE_BYTE, 1},         {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, 1},
    {TINYGLTF_COMPONENT_TYPE_SHORT, 2},        {TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, 2},
    {TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, 4}, {TINYGLTF_COMPONENT_TYPE_FLOAT, 4}};

// Components of an element; 0 for the matrix types: no attribute this loader reads is a matrix.
constexpr LookupEntry<int, int> kComponentCounts[] = {
    {TINYGLTF_TYPE_SCALAR, 1}, {TINYGLTF_TYPE_VEC2, 2}, {TINYGLTF_TYPE_VEC3, 3}, {TINYGLTF_TYPE_VEC4, 4}};

// The specification's names, for messages.
constexpr LookupEntry<int, const char*> kComponentTypeNames[] = {
    {TINYGLTF_COMPONENT_TYPE_BYTE, "BYTE"},   {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, "UNSIGNED_BYTE"},
    {TINYGLTF_COMPONENT_TYPE_SHORT, "SHORT"}, {TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, "UNSIGNED_SHORT"},
    {TINYGLTF_COMPONENT_TYPE_INT, "INT"},     {TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, "UNSIGNED_INT"},
    {TINYGLTF_COMPONENT_TYPE_FLOAT, "FLOAT"}, {TINYGLTF_COMPONENT_TYPE_DOUBLE, "DOUBLE"}};

bool componentTypeAllowed(const AccessorRule& rule, int componentType, bool normalized) {
    const bool isUnsigned = componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
                            componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    if (componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) return rule.floats;
    if (isUnsigned && normalized) return rule.normalizedUnsigned;
    if ((isUnsigned || componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) && !normalized)
        return rule.unsignedIntegers;
    return false;
}

// A buffer view lying inside its buffer (offset and length without overflow). Errors without the source.
Result<const tinygltf::BufferView*> checkBufferView(const tinygltf::Model& model, int index,
                                                    const std::string& what) {
    if (index < 0 || size_t(index) >= model.bufferViews.size())
        return makeError(what + ": buffer view " + std::to_string(index) + " does not exist (the file has " +
                         std::to_string(model.bufferViews.size()) + ")");
    const tinygltf::BufferView& view = model.bufferViews[size_t(index)];
    const std::string shown = what + ": buffer view " + std::to_string(index);
    if (view.buffer < 0 || size_t(view.buffer) >= model.buffers.size())
        return makeError(shown + " refers to buffer " + std::to_string(view.buffer) +
                         ", which does not exist (the file has " + std::to_string(model.buffers.size()) +
                         ")");
    const size_t bufferBytes = model.buffers[size_t(view.buffer)].data.size();
    if (view.byteOffset > bufferBytes || view.byteLength > bufferBytes - view.byteOffset)
        return makeError(shown + " (bytes " + std::to_string(view.byteOffset) + " + " +
                         std::to_string(view.byteLength) + ") reaches past the end of buffer " +
                         std::to_string(view.buffer) + " (" + std::to_string(bufferBytes) + " bytes)");
    return &view;
}

} // namespace

double CheckedAccessor::component(size_t element, int c) const {
    if (data == nullptr) return 0.0;
    const std::uint8_t* p = data + element * stride + size_t(c) * lookup(kComponentBytes, componentType, 0);
    // glTF is little-endian, like every machine Dicer builds on (x86-64, arm64).
    switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
        return normalized ? double(*p) / 255.0 : double(*p);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
        std::uint16_t v;
        std::memcpy(&v, p, sizeof v);
        return normalized ? double(v) / 65535.0 : double(v);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
        std::uint32_t v;
        std::memcpy(&v, p, sizeof v);
        return double(v);
    }
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
        float v;
        std::memcpy(&v, p, sizeof v);
        return double(v);
    }
    default:
        return 0.0; // not reached: checkAccessor refuses every other type
    }
}

Result<CheckedAccessor> checkAccessor(const tinygltf::Model& model, int index, const AccessorRule& rule,
                                      const GltfContext& ctx) {
    const std::string what = rule.what + " (accessor " + std::to_string(index) + ")";
    if (index < 0 || size_t(index) >= model.accessors.size())
        return ctx.error(rule.what + ": accessor " + std::to_string(index) +
                         " does not exist (the file has " + std::to_string(model.accessors.size()) + ")");
    const tinygltf::Accessor& accessor = model.accessors[size_t(index)];
    if (accessor.sparse.isSparse) return ctx.error(what + " is sparse; sparse accessors are not supported");
    CheckedAccessor out;
    out.componentType = accessor.componentType;
    out.components = lookup(kComponentCounts, accessor.type, 0);
    out.normalized = accessor.normalized;
    out.count = accessor.count;
    if (out.components < rule.minComponents || out.components > rule.maxComponents)
        return ctx.error(what + " has " + std::to_string(std::max(out.components, 0)) +
                         " components per element (or is a matrix); " + std::to_string(rule.minComponents) +
                         (rule.maxComponents > rule.minComponents
                              ? " to " + std::to_string(rule.maxComponents)
                              : std::string()) +
                         " expected");
    const size_t bytes = lookup(kComponentBytes, accessor.componentType, 0);
    if (bytes == 0 || !componentTypeAllowed(rule, accessor.componentType, accessor.normalized))
        return ctx.error(what + " has component type " +
                         lookup(kComponentTypeNames, accessor.componentType, "an unknown component type") +
                         (accessor.normalized ? " (normalized)" : "") +
                         ", which glTF 2.0 does not allow there");
    if (out.count == 0) return ctx.error(what + " has no elements (count 0)");
    const size_t elementBytes = bytes * size_t(out.components);
    if (accessor.bufferView < 0) { // allowed by the spec: every value 0
        out.stride = elementBytes;
        return out;
    }
    Result<const tinygltf::BufferView*> view = checkBufferView(model, accessor.bufferView, what);
    if (!view) return ctx.error(view.error());
    out.stride = (*view)->byteStride != 0 ? (*view)->byteStride : elementBytes;
    if (out.stride < elementBytes || out.stride > 252 || ((*view)->byteStride != 0 && out.stride % 4 != 0))
        return ctx.error(what + ": byte stride " + std::to_string(out.stride) + " for elements of " +
                         std::to_string(elementBytes) +
                         " bytes (a stride is at least one element, a multiple of 4, at most 252)");
    // The last element must end inside the view: offset + (count - 1) * stride + element <= length, checked
    // without overflow (count and offset are whatever the JSON said).
    const size_t length = (*view)->byteLength;
    if (accessor.byteOffset > length || elementBytes > length - accessor.byteOffset ||
        out.count - 1 > (length - accessor.byteOffset - elementBytes) / out.stride)
        return ctx.error(what + ": " + std::to_string(out.count) + " elements of " +
                         std::to_string(elementBytes) + " bytes, " + std::to_string(out.stride) +
                         " apart, from byte " + std::to_string(accessor.byteOffset) +
                         " do not fit in buffer view " + std::to_string(accessor.bufferView) + " (" +
                         std::to_string(length) + " bytes)");
    const tinygltf::Buffer& buffer = model.buffers[size_t((*view)->buffer)];
    out.data = buffer.data.data() + (*view)->byteOffset + accessor.byteOffset;
    return out;
}

Result<std::string_view> bufferViewBytes(const tinygltf::Model& model, int index) {
    Result<const tinygltf::BufferView*> view = checkBufferView(model, index, "image");
    if (!view) return makeError(view.error());
    const tinygltf::Buffer& buffer = model.buffers[size_t((*view)->buffer)];
    return std::string_view(reinterpret_cast<const char*>(buffer.data.data()) + (*view)->byteOffset,
                            (*view)->byteLength);
}

} // namespace dicer::model::gltf_detail
