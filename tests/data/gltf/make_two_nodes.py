#!/usr/bin/python3
# Writes the glTF test model of tests/data/gltf (README.md there): two_nodes.{gltf,bin,glb}, the same with data
# URIs, the texture checker.png and the same triangles as OBJ. Run by hand (/usr/bin/python3 make_two_nodes.py);
# the outputs are committed, the tests never run it.
import struct, zlib, json, base64, os
out = os.path.dirname(os.path.abspath(__file__))
def chunk(t, d):
    c = struct.pack('>I', len(d)) + t + d
    return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
def png(w, h, pixels):
    raw = b''.join(b'\0' + bytes(sum(pixels[y*w:(y+1)*w], ())) for y in range(h))
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + \
        chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
tex = png(2, 2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)])
open(f'{out}/checker.png', 'wb').write(tex)

f = lambda *v: struct.pack('<%df' % len(v), *v)
b = b''
b += f(0,0,0, 1,0,0, 1,1,0, 0,1,0)                 # 0: quad POSITION, 48 bytes
b += f(0,1, 1,1, 1,0, 0,0)                          # 48: quad TEXCOORD_0 (v down), 32 bytes
b += struct.pack('<6H', 0,1,2, 0,2,3)               # 80: quad indices, 12 bytes
# 92: triangle POSITION + NORMAL interleaved, stride 24, 72 bytes
for p in [(0,0,0), (1,0,0), (0,1,0)]:
    b += f(*p) + f(0,0,1)
b += bytes([255,0,0,255, 0,255,0,255, 0,0,255,255]) # 164: triangle COLOR_0 (normalized ubyte VEC4), 12 bytes
assert len(b) == 176
open(f'{out}/two_nodes.bin', 'wb').write(b)

doc = {
  "asset": {"version": "2.0", "generator": "Dicer tests (hand-made)"},
  "scene": 0,
  "scenes": [{"nodes": [0, 2]}],
  "nodes": [
    {"name": "parent", "mesh": 0, "translation": [-0.5, -0.5, 0], "scale": [0.5, 0.5, 0.5], "children": [1]},
    {"name": "child", "mesh": 1, "matrix": [0,1,0,0, -1,0,0,0, 0,0,1,0, 1,0,0.5,1]},
    {"name": "turned", "mesh": 0, "rotation": [0, 0, 1, 0], "translation": [0, 0, -0.5]}
  ],
  "meshes": [
    {"name": "quad", "primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]},
    {"name": "triangle", "primitives": [{"attributes": {"POSITION": 3, "NORMAL": 4, "COLOR_0": 5}, "material": 1}]}
  ],
  "materials": [
    {"name": "textured", "pbrMetallicRoughness": {"baseColorFactor": [1, 0.5, 0.25, 1], "baseColorTexture": {"index": 0}}},
    {"name": "coloured", "pbrMetallicRoughness": {"baseColorFactor": [0.5, 1, 1, 1]}}
  ],
  "textures": [{"source": 0, "sampler": 0}],
  "samplers": [{}],
  "images": [{"uri": "checker.png"}],
  "accessors": [
    {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
    {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC2"},
    {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"},
    {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
    {"bufferView": 3, "byteOffset": 12, "componentType": 5126, "count": 3, "type": "VEC3"},
    {"bufferView": 4, "componentType": 5121, "normalized": True, "count": 3, "type": "VEC4"}
  ],
  "bufferViews": [
    {"buffer": 0, "byteOffset": 0, "byteLength": 48},
    {"buffer": 0, "byteOffset": 48, "byteLength": 32},
    {"buffer": 0, "byteOffset": 80, "byteLength": 12},
    {"buffer": 0, "byteOffset": 92, "byteLength": 72, "byteStride": 24},
    {"buffer": 0, "byteOffset": 164, "byteLength": 12}
  ],
  "buffers": [{"uri": "two_nodes.bin", "byteLength": 176}]
}
def dump(d):
    # One line per array element of the top level: readable, and each element a unique line the tests edit.
    def compact(v):
        return json.dumps(v, separators=(', ', ': '))
    lines = []
    for k, v in d.items():
        if isinstance(v, list):
            lines.append(' %s: [\n%s\n ]' % (json.dumps(k), ',\n'.join('  ' + compact(e) for e in v)))
        else:
            lines.append(' %s: %s' % (json.dumps(k), compact(v)))
    return '{\n' + ',\n'.join(lines) + '\n}\n'
open(f'{out}/two_nodes.gltf', 'w').write(dump(doc))

# The same model with everything in data URIs.
emb = json.loads(json.dumps(doc))
emb['buffers'][0]['uri'] = 'data:application/octet-stream;base64,' + base64.b64encode(b).decode()
emb['images'][0] = {'uri': 'data:image/png;base64,' + base64.b64encode(tex).decode()}
open(f'{out}/two_nodes_embedded.gltf', 'w').write(dump(emb))

# The same model as a .glb: the buffer is the BIN chunk, the image a buffer view after the geometry.
glb = json.loads(json.dumps(doc))
binary = b + tex + b'\0' * ((4 - len(tex) % 4) % 4)
glb['buffers'] = [{"byteLength": len(binary)}]
glb['bufferViews'].append({"buffer": 0, "byteOffset": 176, "byteLength": len(tex)})
glb['images'][0] = {"bufferView": 5, "mimeType": "image/png"}
js = json.dumps(glb, separators=(',', ':')).encode()
js += b' ' * ((4 - len(js) % 4) % 4)
body = struct.pack('<I', len(js)) + b'JSON' + js + struct.pack('<I', len(binary)) + b'BIN\0' + binary
open(f'{out}/two_nodes.glb', 'wb').write(b'glTF' + struct.pack('<II', 2, 12 + len(body)) + body)

# The same triangles as OBJ (node transforms applied by hand; texcoords v up), for the voxelizer comparison.
open(f'{out}/two_nodes.mtl', 'w').write(
    "# two_nodes.gltf's materials\nnewmtl textured\nKd 1 0.5 0.25\nmap_Kd checker.png\n\n"
    "newmtl coloured\nKd 0.5 1 1\n")
open(f'{out}/two_nodes.obj', 'w').write("""# two_nodes.gltf with its node transforms applied by hand (tests/data/gltf/README.md)
mtllib two_nodes.mtl
# node 0 (parent): the quad scaled by 0.5, moved by (-0.5, -0.5, 0)
v -0.5 -0.5 0 1 1 1
v 0 -0.5 0 1 1 1
v 0 0 0 1 1 1
v -0.5 0 0 1 1 1
# node 1 (child of node 0): the triangle turned 90 degrees about z, moved by (1, 0, 0.5), then node 0's transform
v 0 -0.5 0.25 1 0 0
v 0 0 0.25 0 1 0
v -0.5 -0.5 0.25 0 0 1
# node 2 (turned): the quad turned 180 degrees about z, moved by (0, 0, -0.5)
v 0 0 -0.5 1 1 1
v -1 0 -0.5 1 1 1
v -1 -1 -0.5 1 1 1
v 0 -1 -0.5 1 1 1
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl textured
f 1/1 2/2 3/3
f 1/1 3/3 4/4
f 8/1 9/2 10/3
f 8/1 10/3 11/4
usemtl coloured
f 5 6 7
""")
