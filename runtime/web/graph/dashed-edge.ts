/**
 * A sigma edge program that draws dashed lines (for low-confidence edges). Same geometry as sigma's rectangle
 * edges; the vertex shader also passes the distance along the edge in screen pixels, so dashes keep their
 * length at every zoom, and the fragment shader skips every other stretch. Picking stays solid.
 */
import { EdgeRectangleProgram } from 'sigma/rendering';
import type { RenderParams } from 'sigma/types';

const VERTEX = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_normal;
attribute float a_normalCoef;
attribute vec2 a_positionStart;
attribute vec2 a_positionEnd;
attribute float a_positionCoef;
uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_zoomRatio;
uniform float u_pixelRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;
uniform float u_feather;
uniform vec2 u_resolution;
varying vec4 v_color;
varying vec2 v_normal;
varying float v_thickness;
varying float v_feather;
varying float v_along;
void main() {
  vec2 normal = a_normal * a_normalCoef;
  vec2 position = mix(a_positionStart, a_positionEnd, a_positionCoef);
  float len = length(normal);
  vec2 unitNormal = normal / len;
  float thickness = max(len, u_minEdgeThickness * u_sizeRatio) * u_correctionRatio / u_sizeRatio;
  gl_Position = vec4((u_matrix * vec3(position + unitNormal * thickness, 1.0)).xy, 0.0, 1.0);
  vec2 s = (u_matrix * vec3(a_positionStart, 1.0)).xy;
  vec2 e = (u_matrix * vec3(a_positionEnd, 1.0)).xy;
  v_along = a_positionCoef * length((e - s) * u_resolution * 0.5);
  v_thickness = thickness / u_zoomRatio;
  v_normal = unitNormal;
  v_feather = u_feather * u_correctionRatio / u_zoomRatio / u_pixelRatio * 2.0;
  #ifdef PICKING_MODE
  v_color = a_id;
  #else
  v_color = a_color;
  #endif
  v_color.a *= 255.0 / 254.0;
}`;

const FRAGMENT = /* glsl */ `
precision mediump float;
varying vec4 v_color;
varying vec2 v_normal;
varying float v_thickness;
varying float v_feather;
varying float v_along;
void main(void) {
  #ifdef PICKING_MODE
  gl_FragColor = v_color;
  #else
  if (mod(v_along, 10.0) > 5.5) discard;
  float dist = length(v_normal) * v_thickness;
  float t = smoothstep(v_thickness - v_feather, v_thickness, dist);
  gl_FragColor = mix(v_color, vec4(0.0, 0.0, 0.0, 0.0), t);
  #endif
}`;

/** Dashed straight edges (no arrow head; compose with EdgeArrowHeadProgram for one). */
export class DashedEdgeProgram extends EdgeRectangleProgram {
  override getDefinition(): any {
    const base = super.getDefinition();
    return { ...base, VERTEX_SHADER_SOURCE: VERTEX, FRAGMENT_SHADER_SOURCE: FRAGMENT, UNIFORMS: [...base.UNIFORMS, 'u_resolution'] };
  }

  override setUniforms(params: RenderParams, info: any): void {
    super.setUniforms(params, info);
    info.gl.uniform2f(info.uniformLocations.u_resolution, params.width, params.height);
  }
}
