// Which way is up and which way is the front of a scan, in its own index axes, and the turn of its grid that
// shows it upright: superior up (+y), anterior toward the camera's start (+z), the third axis completing a
// right-handed frame. Read where the header says (NRRD `space` with `space directions`; MetaImage
// `TransformMatrix` or `AnatomicalOrientation`), documented for the bundled scans whose headers say nothing
// (bundled_volumes.h), chosen by the user (`--up AXIS`, 90-degree turns). Turning permutes and reverses the
// grid's axes exactly (no resampling), so every stage after the load sees an upright volume.
#pragma once

#include "scalar_volume.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace dicer::volume {

// "+x", "-z", "y" (= "+y"); nullopt for anything else.
std::optional<SignedAxis> parseSignedAxis(std::string_view text);
std::string signedAxisText(SignedAxis a); // "+y", "-z"
std::string anatomyText(const Anatomy& a); // "up -z, front -y"

// The index axis most along each of `superior` and `anterior` (directions in the same space as the axes'
// `directions`), with its sign; nullopt when both fall on one axis or a direction is zero.
std::optional<Anatomy> anatomyFromDirections(const std::array<glm::dvec3, 3>& directions, glm::dvec3 superior,
                                             glm::dvec3 anterior);
// NRRD: `space` (RAS, LAS, LPS and the long forms "right-anterior-superior", ...; the scanner and 3D spaces
// say nothing about anatomy: nullopt) and the axes' `space directions` (none given: the space's own axes).
std::optional<Anatomy> nrrdAnatomy(std::string_view space, const std::optional<std::array<glm::dvec3, 3>>& directions);
// MetaImage, as ITK writes it: `TransformMatrix` rows are the index axes' directions in LPS; without it, the
// `AnatomicalOrientation` code names the side each axis starts from ("RAI": from right, anterior, inferior,
// i.e. toward left, posterior, superior: the identity in LPS).
std::optional<Anatomy> metaImageAnatomy(const std::optional<std::array<glm::dvec3, 3>>& matrix,
                                        std::string_view code);

// `a` turned 90 degrees about the displayed x axis (the top tilts toward the camera: the U key) or the displayed
// z axis (the right side goes up: Shift+U).
Anatomy turnedForward(const Anatomy& a);
Anatomy turnedSideways(const Anatomy& a);
// `a` with `up` as its up: the front kept where it is not along `up`, else the old up (reversed) takes it.
Anatomy withUp(const Anatomy& a, SignedAxis up);

// The file's physical frame (x y z in its units, voxel (0,0,0)'s corner at the origin) into the turned volume's
// (`turnedExtent`: its size times its spacing): what maps an export back into the file's own frame, so the
// exported points and surfaces lie over the scan in any other tool.
glm::mat4 fileToTurned(const Anatomy& a, glm::vec3 turnedExtent);

// The volume turned so that `a` shows upright: displayed axis d is index axis from[d], reversed where the
// displayed axis runs against it; size and spacing follow. The identity anatomy (up +y, front +z) is a copy.
ScalarVolume turned(const ScalarVolume& volume, const Anatomy& a);

} // namespace dicer::volume
