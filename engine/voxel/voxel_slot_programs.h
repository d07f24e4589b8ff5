// The slot colour passes' programs of a method that writes the bits (projected, compute): an owner and a
// colour pass per slot function file (VoxMethod::addSlotPrograms, vox_method.h).
#pragma once

#include "result.h"
#include "vox_method.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace dicer::voxel {

// The programs of one pass, for SlotPrograms::programs. A pass of another type comes with its own overload,
// found by argument-dependent lookup (compute's dispatches).
inline std::vector<gl::ProgramId> programsOf(gl::ProgramId program) {
    return {program};
}

// `Pass` is what one pass runs: a program (projected) or the method's pair of dispatches (compute).
template <typename Pass> class SlotPrograms {
public:
    // Builds the owner and the colour pass for `slotFile` with addPass(label, passDefine) -> Result<Pass>
    // (label "slot owner" / "slot colour", define VOX_PASS_SLOT_OWNER / _COLOR), once per file: the library
    // keeps every program it built. Errors: the first pass's that failed.
    template <typename AddPass> Result<void> add(const std::string& slotFile, AddPass addPass) {
        if (m_files.count(slotFile)) return {};
        Result<Pass> owner = addPass("slot owner", "VOX_PASS_SLOT_OWNER");
        if (!owner) return makeError(owner.error());
        Result<Pass> colour = addPass("slot colour", "VOX_PASS_SLOT_COLOR");
        if (!colour) return makeError(colour.error());
        m_files[slotFile] = {*owner, *colour};
        return {};
    }

    // Every program built for `slotFile` (VoxMethod::slotPrograms); empty if none were.
    std::vector<gl::ProgramId> programs(const std::string& slotFile) const {
        std::vector<gl::ProgramId> all;
        if (auto it = m_files.find(slotFile); it != m_files.end())
            for (const Pass& pass : it->second)
                for (gl::ProgramId program : programsOf(pass))
                    all.push_back(program);
        return all;
    }
    // One of them (the Voxelizer runs the slot passes only with a file whose programs were built).
    const Pass& at(const std::string& slotFile, SlotPass pass) const {
        return m_files.at(slotFile)[pass == SlotPass::Owner ? 0 : 1];
    }

private:
    std::map<std::string, std::array<Pass, 2>> m_files;
};

// A method that marks slots with programs of its own (projected, compute): addSlotPrograms and slotPrograms
// over its SlotPrograms, each pass built by the method's addSlotPass.
template <typename Pass> class SlotMarkingMethod : public VoxMethod {
public:
    Result<void> addSlotPrograms(gl::ShaderLibrary& shaders, const std::string& slotFile) final {
        return m_slots.add(slotFile, [&](const char* label, const char* passDefine) {
            return addSlotPass(shaders, label, passDefine, slotFile);
        });
    }
    std::vector<gl::ProgramId> slotPrograms(const std::string& slotFile) const final {
        return m_slots.programs(slotFile);
    }

protected:
    // One pass for `slotFile` (label "slot owner" / "slot colour", its define: SlotPrograms::add).
    virtual Result<Pass> addSlotPass(gl::ShaderLibrary& shaders, const char* label, const char* passDefine,
                                     const std::string& slotFile) = 0;
    SlotPrograms<Pass> m_slots;
};

} // namespace dicer::voxel
